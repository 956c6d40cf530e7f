import type { Role } from '../../domain/index.ts';

/** An answer is kept this long: a removed or demoted account loses its rights within it, on every instance. */
export const ACCOUNT_TTL_MS = 500;
/** Beyond this many remembered accounts, expired ones are dropped (and all of them if none has expired). */
const MAX_ENTRIES = 10_000;

type Entry = { expires: number; role: Promise<Role | undefined> };

/**
 * The current role of each account (undefined once it is gone), for checking every authenticated
 * request rather than trusting the role a token was signed with for its whole life. Accounts change
 * outside this process too (another instance, an administrator's SQL), so answers are only kept for
 * a moment; concurrent requests of one account share one lookup.
 */
export class AccountRoles {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly lookup: (accountId: string) => Promise<Role | undefined>,
    private readonly ttlMs = ACCOUNT_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  roleOf(accountId: string): Promise<Role | undefined> {
    const now = this.now();
    const cached = this.entries.get(accountId);
    if (cached && cached.expires > now) return cached.role;
    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    const entry: Entry = { expires: now + this.ttlMs, role: this.lookup(accountId) };
    this.entries.set(accountId, entry);
    // A failed lookup (the database away) is not remembered: the next request asks again.
    entry.role.catch(() => {
      if (this.entries.get(accountId) === entry) this.entries.delete(accountId);
    });
    return entry.role;
  }

  private prune(now: number) {
    for (const [id, entry] of this.entries) if (entry.expires <= now) this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
