import { message } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../lib/api.ts';

/**
 * One action at a time from a screen's buttons: `busy` while it runs, then a toast saying it was done, or
 * the server's message when it was refused.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      void message.success(done);
    } catch (failure) {
      void message.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
