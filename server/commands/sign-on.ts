import { accountMessages as M, registerEngineerInput, type EventMetadata } from '../../domain/index.ts';
import { findAccountByEmail } from '../auth/accounts.ts';
import { issueLinkToken } from '../auth/link-tokens.ts';
import type { SignOnIdentity } from '../auth/oidc.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { activateInvited, createActiveAccount, engineerRecordFor } from './accounts.ts';

/**
 * Which account a verified e-mail from the identity provider signs in to (docs/architecture.md): an
 * active one as it is, an invited one once it is activated (AccountActivated via sign-on; its
 * invitation link then answers 410, as for any account no longer invited), a deactivated one never,
 * and an unknown e-mail only when OIDC_AUTO_CREATE=engineer makes it an engineer's account. The
 * outcome is a one-time sign-on code (60 s) for the app to exchange for its token, or the sentence
 * that says why not.
 */
export type SignOnOutcome = { kind: 'code'; code: string; userId: string } | { kind: 'refused'; message: string };

export type SignOnPolicy = { autoCreate: 'off' | 'engineer' };

export async function signOnAccount(trx: DbOrTrx, identity: SignOnIdentity, policy: SignOnPolicy): Promise<SignOnOutcome> {
  if (!identity.email || !identity.emailVerified) return { kind: 'refused', message: M.signOnUnverified };
  const account = await findAccountByEmail(trx, identity.email);
  let userId: string;
  if (!account) {
    if (policy.autoCreate !== 'engineer') return { kind: 'refused', message: M.signOnUnknown };
    userId = await createEngineerAccount(trx, identity.email, identity.name);
  } else if (account.status === 'deactivated') {
    return { kind: 'refused', message: M.deactivated };
  } else {
    userId = account.id;
    if (account.status === 'invited') await activateInvited(trx, userId, 'sign-on');
  }
  return { kind: 'code', code: await issueLinkToken(trx, 'sign-on', userId), userId };
}

/**
 * OIDC_AUTO_CREATE=engineer: the account of the engineer record with this e-mail, as an engineer
 * invitation does (inviteAccount), the record registered first when nobody has planned them yet.
 * Nobody signed in did that, so the record's event names the sign-on as its actor (the history
 * shows "System"); the account's own activation is the person's.
 */
async function createEngineerAccount(trx: DbOrTrx, email: string, providerName: string | undefined): Promise<string> {
  const name = nameFor(email, providerName);
  const accountId = await engineerRecordFor(trx, { email, name }, SIGN_ON_ACTOR);
  await createActiveAccount(trx, { email, name, role: 'engineer', admin: false }, 'sign-on', null, accountId);
  return accountId;
}

const SIGN_ON_ACTOR: EventMetadata = { actorId: 'sign-on', actorRole: 'engineer' };

/** The provider's name for the person when it is a usable one, else the e-mail's local part. */
function nameFor(email: string, providerName: string | undefined): string {
  const fallback = email.split('@')[0]!.slice(0, 100);
  const candidate = providerName?.trim().slice(0, 100);
  if (!candidate) return fallback;
  const checked = registerEngineerInput.shape.name.safeParse(candidate);
  return checked.success ? checked.data : fallback;
}
