import { Button, Result } from 'antd';
import { Navigate } from 'react-router';
import { readToken } from '../../lib/token.ts';
import { sessionActor, useSessionView } from '../../stores/session.ts';
import { AppLayout } from './AppLayout.tsx';

/**
 * The shared guarded area (spec §2): without a stored token the user is sent to / and the history
 * entry is replaced.
 */
export default function GuardedLayout() {
  const status = useSessionView();
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
  // While a stored session is restored the shell and the screen already load (in parallel with the
  // profile call); the sidebar shows placeholders until the role is known.
  return <AppLayout />;
}
