import type { AccountEvent } from './events.ts';

const roleName = { manager: 'a manager', engineer: 'an engineer', auditor: 'an auditor' } as const;
/** The history's sentence for an account event: who did what to whom, never a secret. */
export function describeAccountEvent(event: AccountEvent, actor: string, teamName?: (id: string) => string | undefined): string {
  const d = event.data;
  switch (event.type) {
    case 'ManagerScopeChanged': {
      const scope = event.data.scope;
      return scope === 'all'
        ? `${actor} let ${d.email} manage every team`
        : `${actor} let ${d.email} manage ${scope.length === 0 ? 'no team' : scope.map((id) => teamName?.(id) ?? 'a team').join(', ')}`;
    }
    case 'AccountInvited':
      return `${actor} invited ${event.data.name} (${d.email}) as ${roleName[event.data.role]}${event.data.admin ? ' with admin rights' : ''}`;
    case 'AccountActivated': {
      const as = `${roleName[event.data.role]}${event.data.admin ? ' and admin' : ''}`;
      switch (event.data.via) {
        case 'setup': return `${actor} set up the organisation as its first administrator (${d.email})`;
        case 'invite': return `${actor} accepted the invitation of ${d.email} and joined as ${as}`;
        case 'sign-on': return `${actor} joined through single sign-on (${d.email}) as ${as}`;
        case 'command-line': return `${actor} was made ${as} from the command line (${d.email})`;
        case 'demo': return actor === event.data.name ? `${actor} got a demo account (${d.email}) as ${as}` : `${actor} opened a demo account for ${event.data.name} (${d.email}) as ${as}`;
        case 'registration': return `${actor} gave ${event.data.name} an account (${d.email}) as ${as}`;
        case 'existing': return `${actor}'s account (${d.email}) as ${as} was recorded`;
      }
    }
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
      // Nobody is named for a "Forgot password" request: whoever typed the e-mail is not known.
      return event.data.via === 'forgot' ? `A password reset was asked for ${d.email} (forgot password)` : `${actor} issued a password reset for ${d.email}`;
    case 'InviteWithdrawn':
      return `${actor} withdrew the invitation of ${d.email}`;
  }
}
