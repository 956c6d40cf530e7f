import VirtualList from '@rc-component/virtual-list';
import { Button, Typography } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { cappedCaption, capList, showAllLabel } from '../lib/capped.ts';

type Props<T> = {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** How the items are ordered, for the caption: 'most overloaded first'. */
  order: string;
  limit?: number;
  /** A first guess at an item's height; each one is measured once drawn. */
  itemHeight: number;
  /** How tall the whole list may grow once expanded, before it scrolls within itself. */
  height?: number;
  /** Short items (names as chips): the first ones flow side by side and wrap; shown in full, one a line. */
  wrap?: boolean;
  testId: string;
};

/**
 * The first `limit` items of a long list and a 'Show all (N)' button. Shown in full, the list scrolls
 * within its own height and only the items in view are in the page, so a thousand items cost what a
 * dozen do.
 */
export function CappedList<T>({ items, itemKey, renderItem, order, limit = 20, itemHeight, height = 540, wrap = false, testId }: Props<T>) {
  const [expanded, setExpanded] = useState(false);
  const capped = capList(items, limit, expanded);
  const caption = cappedCaption(capped, order);
  return (
    <div data-testid={testId}>
      {expanded ? (
        <VirtualList data={capped.shown as T[]} height={height} itemHeight={itemHeight} itemKey={itemKey} fullHeight={false}>
          {(item) => renderItem(item)}
        </VirtualList>
      ) : wrap ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {capped.shown.map((item) => <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>)}
        </div>
      ) : (
        capped.shown.map((item) => <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>)
      )}
      {capped.total > limit && (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-role="caption">
            {caption ?? `All ${capped.total.toLocaleString('en-US')}, ${order}`}
          </Typography.Text>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setExpanded(!expanded)} data-role="toggle">
            {expanded ? 'Show fewer' : showAllLabel(capped.total)}
          </Button>
        </div>
      )}
    </div>
  );
}
