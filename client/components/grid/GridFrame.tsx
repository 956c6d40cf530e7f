import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

type Props<T extends { rows: readonly unknown[] }> = {
  /** What is loaded, in words, for the error line: 'The schedule', 'The project plan'. */
  what: string;
  error: string | null;
  onRetry: () => void;
  /** Null until it arrives (a skeleton meanwhile). */
  data: T | null;
  /** Shown instead of the grid when it arrived with no rows. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

/** A period grid's states around it (the schedule's and the project plan's): failed, loading, empty, or the grid. */
export function GridFrame<T extends { rows: readonly unknown[] }>({ what, error, onRetry, data, empty, children }: Props<T>) {
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={`${what} could not be loaded: ${error}`}
          action={<Button size="small" onClick={onRetry}>Try again</Button>}
          style={{ margin: '0 16px 12px' }}
        />
      ) : null}
      {!data ? (
        <div style={{ padding: 16 }}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : data.rows.length === 0 ? (
        empty
      ) : (
        children(data)
      )}
    </>
  );
}
