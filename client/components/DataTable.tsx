import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { pagination as defaultPagination } from './table.ts';

type Props<T> = Omit<TableProps<T>, 'rowKey' | 'pagination' | 'scroll' | 'locale'> & {
  /** What shows when there are no rows (an EmptyState); antd's own when left out. */
  empty?: ReactNode;
  /** For rows paged by the server: the page shown, the total and what a page change does. */
  pagination?: TablePaginationConfig;
  /** Called after each commit that shows rows (for work that must not hold up the first ones). */
  onRowsShown?: () => void;
};

/** A table of records in a section card: one row per `_id`, 20 a page, scrolling sideways when it must. */
export function DataTable<T extends { _id: string }>({ empty, pagination, dataSource, loading, onRowsShown, ...props }: Props<T>) {
  // A page of antd rows costs tens of milliseconds to render: new rows render in React's time
  // slices, apart from the update that brought them (a store's update renders in one go). The rows
  // before stay meanwhile; none before shows as loading, not as an empty table.
  const rows = useDeferredValue(dataSource);
  const catchingUp = rows !== dataSource && !rows?.length && !!dataSource?.length;
  const shown = !!rows?.length;
  useEffect(() => {
    if (shown) onRowsShown?.();
  }, [shown, onRowsShown]);
  const busy = catchingUp || !!loading;
  // Under the loading mask the table would still say it is empty (faded, but readable): a list not
  // yet in is not an empty one.
  const emptyText = busy ? <div style={{ minHeight: 96 }} aria-hidden="true" /> : empty;
  return (
    <Table<T>
      rowKey="_id"
      dataSource={rows}
      loading={busy}
      pagination={{ ...defaultPagination(), ...pagination }}
      scroll={{ x: 'max-content' }}
      style={{ marginTop: 12 }}
      locale={empty === undefined && !busy ? undefined : { emptyText }}
      {...props}
    />
  );
}
