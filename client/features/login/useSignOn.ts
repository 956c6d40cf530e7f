import { useEffect, useState } from 'react';
import { signInOptions, type SignOnOptions } from './signInOptionsApi.ts';

/** Asked once per page load: the server's sign-in options do not change while it runs. */
let asked: Promise<SignOnOptions> | null = null;
let answer: SignOnOptions | null = null;

/** The single sign-on the server offers ({name}), or null: none, not yet known, or the question failed. */
export function useSignOn(): { name: string } | null {
  const [options, setOptions] = useState<SignOnOptions | null>(answer);
  useEffect(() => {
    if (answer) return;
    asked ??= signInOptions().then((value) => (answer = value));
    let current = true;
    void asked.then((value) => current && setOptions(value));
    return () => {
      current = false;
    };
  }, []);
  return options?.signOn ?? null;
}
