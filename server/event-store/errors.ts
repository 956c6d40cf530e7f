/**
 * The one conflict an append can meet: the stream moved on since the command read it (optimistic
 * concurrency per stream).
 */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${currentVersion}, expected ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}
