import { Button } from 'antd';
import { type ReactNode, useState } from 'react';

type Props<T> = {
  items: readonly T[];
  /** How many show before "Show all". */
  limit: number;
  render: (item: T, index: number) => ReactNode;
  /** Whatever shows when there is nothing to list. */
  empty?: ReactNode;
  testId?: string;
};

/**
 * A list that shows its first `limit` items and the rest behind "Show all N", so a counter beside it
 * and what can be listed always agree, and a long list never draws all at once unasked.
 */
export function ShowAllList<T>({ items, limit, render, empty = null, testId }: Props<T>) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return <>{empty}</>;
  const shown = all ? items : items.slice(0, limit);
  return (
    <div data-testid={testId}>
      {shown.map(render)}
      {items.length > limit ? (
        <Button type="link" size="small" style={{ paddingInline: 0, marginTop: 4 }} onClick={() => setAll(!all)} data-testid="show-all">
          {all ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      ) : null}
    </div>
  );
}
