/** A unique index refused the write: two writers raced past a check that each passed on its own. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
