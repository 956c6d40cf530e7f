import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { homePath } from '../../lib/roleHome.ts';
import type { LoginResult } from '../../machines/session.machine.ts';
import { sessionActor } from '../../stores/session.ts';

/** Once signed in (however), the page goes to the user's home: the dashboard of their role. */
export function useSignInLanding() {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = sessionActor.on('signedIn', (event) => navigate(homePath(event.user.role), { replace: true }));
    return () => subscription.unsubscribe();
  }, [navigate]);
}

/** Signs in with an answer a signed-out page received (setup, invitation, reset link), through the session. */
export const signInWith = (result: LoginResult) => sessionActor.send({ type: 'SIGNED_IN', token: result.token, user: result.user });
