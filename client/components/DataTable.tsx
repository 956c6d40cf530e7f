import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { pagination } from './table.ts';

type Props<T> = Omit<TableProps<T>, 'rowKey' | 'pagination' | 'scroll' | 'locale'> & {
  /** What shows when there are no rows (an EmptyState); antd's own when left out. */
  empty?: ReactNode;
};

/** A table of records in a section card: one row per `_id`, 20 a page, scrolling sideways when it must. */
export function DataTable<T extends { _id: string }>({ empty, ...props }: Props<T>) {
  return (
    <Table<T>
      rowKey="_id"
      pagination={pagination()}
      scroll={{ x: 'max-content' }}
      style={{ marginTop: 12 }}
      locale={empty === undefined ? undefined : { emptyText: empty }}
      {...props}
    />
  );
}
