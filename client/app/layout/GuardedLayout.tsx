import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { readToken } from '../../lib/token.ts';
import { sessionActor, useSessionUser, useSessionView } from '../../stores/session.ts';
import { PageSpinner } from '../PageSpinner.tsx';
import { AppLayout } from './AppLayout.tsx';
import { screenAccess } from './nav.ts';

/**
 * The shared guarded area: without a stored token the user is sent to / and the history
 * entry is replaced.
 */
export default function GuardedLayout() {
  const status = useSessionView();
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!readToken() || status === 'signedOut') return <Navigate to="/" replace />;
  if (status === 'unreachable') {
    return (
      <Result
        status="warning"
        title="The server cannot be reached"
        subTitle="Your session is kept. Check your connection and try again."
        extra={[
          <Button key="retry" type="primary" onClick={() => sessionActor.send({ type: 'RETRY' })}>
            Try again
          </Button>,
          <Button key="logout" onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
            Logout
          </Button>,
        ]}
      />
    );
  }
  // A screen the user's role does not navigate to never renders, not even for a frame: the engineer
  // goes to their dashboard (replacing the entry, so Back does not return to it), and a manager
  // screen waits for the role while a stored session is restored; People & access is an admin's only.
  const access = screenAccess(user?.role, pathname, user ? user.admin === true : null);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  if (access.kind === 'wait') return <PageSpinner />;
  // While a stored session is restored the shell and the engineer's screens already load (in parallel
  // with the profile call); the sidebar shows placeholders until the role is known.
  return <AppLayout />;
}
