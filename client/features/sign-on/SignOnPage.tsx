import { useSelector } from '@xstate/react';
import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { AuthFrame } from '../../components/auth/AuthFrame.tsx';
import { BackToSignIn, LinkProblem } from '../../components/auth/LinkProblem.tsx';
import { useSignInLanding } from '../../components/auth/useSignInLanding.ts';
import { palette } from '../../components/palette.ts';
import { SIGN_ON_START } from '../../lib/paths.ts';
import { takeLinkFragment } from '../../lib/linkFragment.ts';
import { homePath } from '../../lib/roleHome.ts';
import { sessionActor } from '../../stores/session.ts';

/** Each one-time code is sent once, however often the page is drawn (React's StrictMode draws it twice). */
const sent = new Set<string>();

export const SIGN_ON_INCOMPLETE = 'This sign-in link is incomplete. Please sign in again.';

/**
 * Where the identity provider sends the browser back (/sign-on#code=… or #error=…): the one-time code
 * is exchanged for a token through the session, exactly like a password login; an error, or a code
 * the server refuses, is said plainly with a way back to sign-in.
 */
export default function SignOnPage() {
  useSignInLanding();
  const { code, error: providerError } = takeLinkFragment();
  const signingIn = useSelector(sessionActor, (s) => s.matches('signingIn'));
  const refused = useSelector(sessionActor, (s) => s.context.error);
  const user = useSelector(sessionActor, (s) => (s.matches('signedIn') ? s.context.user : null));

  useEffect(() => {
    if (!code || sent.has(code)) return;
    sent.add(code);
    sessionActor.send({ type: 'SIGN_ON', code });
  }, [code]);

  // The session's error is this page's only once its code has been sent (sending clears an older one).
  const attempted = code !== undefined && sent.has(code);
  const problem = providerError || (!code ? SIGN_ON_INCOMPLETE : attempted && !signingIn && refused ? refused : null);
  // Back on this page after the code was used (the browser's Back): the session is there already.
  if (!problem && attempted && !signingIn && user) return <Navigate to={homePath(user.role)} replace />;
  if (problem) {
    return (
      <AuthFrame title="Single sign-on did not complete" testId="sign-on-page">
        <LinkProblem
          message={problem}
          actions={
            <>
              <Button type="primary" href={SIGN_ON_START}>
                Try again
              </Button>
              <BackToSignIn />
            </>
          }
        />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Signing you in" testId="sign-on-page">
      <div style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '24px 0', color: palette.muted }}>
        <Spin />
        Completing single sign-on...
      </div>
    </AuthFrame>
  );
}
