/** A command refused by a business rule. `kind` says how an edge should report it; domain/ knows no HTTP. */
export class DomainError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found' | 'conflict' | 'forbidden',
    message: string,
    readonly path?: string,
    /** A code more precise than the kind's, for clients that act on it (WEEK_LOCKED). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
