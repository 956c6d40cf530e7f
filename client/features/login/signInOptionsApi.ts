import { request } from '../../lib/http.ts';

export type SignOnOptions = { signOn: { name: string } | null };

/** How people may sign in besides a password; any failure (an older server answers 404) is "no sign-on". */
export const signInOptions = (): Promise<SignOnOptions> =>
  request<Partial<SignOnOptions>>('GET', '/api/auth/options', { auth: false }).then(
    (answer) => ({ signOn: answer?.signOn && typeof answer.signOn.name === 'string' && answer.signOn.name ? { name: answer.signOn.name } : null }),
    () => ({ signOn: null }),
  );
