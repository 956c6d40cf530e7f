import type { LogTail } from './log-tail.ts';

export const USER = 'postgres';
export const PASSWORD = 'postgres';

/** What initdb and postgres runs share: where the data is, who runs it, where its output goes. */
export function baseOptions(dataDir: string, isRoot: boolean, log: LogTail) {
  return {
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    // As root, PostgreSQL refuses to run; the package then runs it as a `postgres` system user
    // (created if missing) and gives it the data directory.
    createPostgresUser: isRoot,
    onLog: (message: string) => log.push(message),
    onError: (error: unknown) => log.push(error instanceof Error ? error.message : String(error)),
  };
}
