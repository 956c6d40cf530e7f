import { useMachine } from '@xstate/react';
import { message } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { roles } from '../../../domain/entities.ts';
import { accountActionMachine } from './accountAction.machine.ts';
import { doneText, fetchAccounts, inviteSomeone, runAccountAction } from './accountCalls.ts';
import { accountsDirectoryMachine } from './accountsDirectory.machine.ts';
import { inviteFormMachine } from './inviteForm.machine.ts';

const directory = accountsDirectoryMachine.provide({ actors: { fetchAccounts } });

/**
 * The screen's three machines: the accounts list, the invitation form and the one-account change
 * (asked, confirmed, run). An invitation or a change reloads the list; a change made says so.
 */
export function usePeopleMachines() {
  const [list, sendList] = useMachine(directory);
  const [invite, sendInvite] = useMachine(inviteFormMachine.provide({
    actors: { invite: inviteSomeone },
    actions: { invited: () => sendList({ type: 'RELOAD' }) },
  }));
  const [action, sendAction] = useMachine(accountActionMachine.provide({
    actors: { run: runAccountAction },
    actions: {
      reload: () => sendList({ type: 'RELOAD' }),
      done: (_, { action: done }) => void message.success(doneText(done)),
    },
  }));
  useInvitePrefill(sendInvite);
  return { list, sendList, invite, sendInvite, action, sendAction };
}

/** Arriving with ?invite=<e-mail>&name=&role= (an engineer just registered): the invitation, prefilled. */
function useInvitePrefill(sendInvite: ReturnType<typeof useMachine<typeof inviteFormMachine>>[1]) {
  const [params, setParams] = useSearchParams();
  const prefill = params.get('invite');
  useEffect(() => {
    if (!prefill) return;
    const role = roles.find((r) => r === params.get('role')) ?? 'engineer';
    sendInvite({ type: 'OPEN', values: { email: prefill, name: params.get('name') ?? '', role } });
    setParams({}, { replace: true });
  }, [prefill, params, setParams, sendInvite]);
}
