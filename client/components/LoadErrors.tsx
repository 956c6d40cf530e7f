import { Alert } from 'antd';

/** The load failures of the screen's collections: the error text, nothing else happens. */
export function LoadErrors({ errors }: { errors: readonly (string | null | undefined)[] }) {
  const distinct = [...new Set(errors.filter((e): e is string => Boolean(e)))];
  if (distinct.length === 0) return null;
  return (
    <div style={{ display: 'grid', gap: 8, marginBottom: 16 }} data-testid="load-errors">
      {distinct.map((error) => (
        <Alert key={error} type="error" showIcon title={error} />
      ))}
    </div>
  );
}
