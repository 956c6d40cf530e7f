import type { AccountEvent } from './events.ts';

const roleName = { manager: 'a manager', engineer: 'an engineer', auditor: 'an auditor' } as const;
const viaText = {
  setup: 'as the first administrator', invite: 'by accepting an invitation', 'sign-on': 'by signing in with single sign-on',
  'command-line': 'from the command line', demo: 'for the demo', registration: 'when registered as an engineer', existing: 'before accounts were recorded',
} as const;

/** The history's sentence for an account event: who did what to whom, never a secret. */
export function describeAccountEvent(event: AccountEvent, actor: string): string {
  const d = event.data;
  switch (event.type) {
    case 'AccountInvited':
      return `${actor} invited ${event.data.name} (${d.email}) as ${roleName[event.data.role]}${event.data.admin ? ' with admin rights' : ''}`;
    case 'AccountActivated':
      return `${event.data.name} (${d.email}) became ${roleName[event.data.role]}${event.data.admin ? ' and admin' : ''} ${viaText[event.data.via]}`;
    case 'AccountRoleChanged':
      return `${actor} changed ${d.email} from ${event.data.from} to ${event.data.to}`;
    case 'AdminGranted':
      return `${actor} made ${d.email} an admin`;
    case 'AdminRevoked':
      return `${actor} took admin rights from ${d.email}`;
    case 'AccountDeactivated':
      return `${actor} deactivated ${d.email}`;
    case 'AccountReactivated':
      return `${actor} reactivated ${d.email}`;
    case 'PasswordChanged':
      return event.data.via === 'reset' ? `${d.email} set a new password from a reset link` : `${d.email} changed their password`;
    case 'PasswordResetIssued':
      return `${actor} issued a password reset for ${d.email}`;
    case 'InviteWithdrawn':
      return `${actor} withdrew the invitation of ${d.email}`;
  }
}
