/** An answer is kept this long: an ended session, a deactivated or demoted account loses its rights within it, on every instance. */
export const SESSION_CHECK_TTL_MS = 300;
/** Beyond this many remembered accounts, expired ones are dropped (and all of them if none has expired). */
const MAX_ENTRIES = 10_000;

type Entry<V> = { expires: number; value: Promise<V | undefined> };

/**
 * What each session may do now (undefined once it has ended or its account is deactivated), for
 * checking every authenticated request rather than trusting what a token was signed with for its whole
 * life. Sessions and accounts change outside this process too (another instance, an administrator's
 * SQL), so answers are only kept for a moment; concurrent requests of one session share one lookup.
 */
export class SessionChecks<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly lookup: (key: string) => Promise<V | undefined>,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Promise<V | undefined> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    const entry: Entry<V> = { expires: now + this.ttlMs, value: this.lookup(key) };
    this.entries.set(key, entry);
    // A failed lookup (the database away) is not remembered: the next request asks again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  /** This process ended the session: refuse it from the next request, not after the time to live. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** This process changed an account's rights or ended its sessions: ask again for every session. */
  forgetAll(): void {
    this.entries.clear();
  }

  private prune(now: number) {
    for (const [id, entry] of this.entries) if (entry.expires <= now) this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
