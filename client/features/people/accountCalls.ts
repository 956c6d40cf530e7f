import { fromPromise } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import type { AccountAction, AccountActionResult } from './accountAction.machine.ts';
import { accountsApi } from './accountsApi.ts';

/** What each action does to the account, against the version its row showed. */
function runAction(action: AccountAction): Promise<AccountActionResult> {
  const { account } = action;
  switch (action.kind) {
    case 'role':
      return accountsApi.changeAccount(account._id, account.version, { role: action.role }).then(() => null);
    case 'admin':
      return accountsApi.changeAccount(account._id, account.version, { admin: action.admin }).then(() => null);
    case 'active':
      return accountsApi.changeAccount(account._id, account.version, { active: action.active }).then(() => null);
    case 'withdraw':
      return accountsApi.withdrawInvite(account._id).then(() => null);
    case 'reset':
      return accountsApi.issuePasswordReset(account._id);
  }
}

// The calls, as the machines' actors.
export const fetchAccounts = fromPromise<AccountView[], void>(() => accountsApi.accounts());
export const inviteSomeone = fromPromise(({ input }: { input: Parameters<typeof accountsApi.invite>[0] }) => accountsApi.invite(input));
export const runAccountAction = fromPromise<AccountActionResult, AccountAction>(({ input }) => runAction(input));

/** What a change says once made. */
export const doneText = (action: AccountAction): string => {
  const who = action.account.name;
  switch (action.kind) {
    case 'role':
      return `${who} is now ${action.role === 'engineer' ? 'an' : 'a'} ${action.role}`;
    case 'admin':
      return action.admin ? `${who} is now an admin` : `${who} is no longer an admin`;
    case 'active':
      return action.active ? `${who} can sign in again` : `${who} is deactivated and signed out`;
    case 'withdraw':
      return `The invitation of ${who} is withdrawn`;
    case 'reset':
      return `Reset link issued for ${who}`;
  }
};
