import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { pagination as defaultPagination } from './table.ts';

type Props<T> = Omit<TableProps<T>, 'rowKey' | 'pagination' | 'scroll' | 'locale'> & {
  /** What shows when there are no rows (an EmptyState); antd's own when left out. */
  empty?: ReactNode;
  /** For rows paged by the server: the page shown, the total and what a page change does. */
  pagination?: TablePaginationConfig;
};

/** A table of records in a section card: one row per `_id`, 20 a page, scrolling sideways when it must. */
export function DataTable<T extends { _id: string }>({ empty, pagination, ...props }: Props<T>) {
  return (
    <Table<T>
      rowKey="_id"
      pagination={{ ...defaultPagination(), ...pagination }}
      scroll={{ x: 'max-content' }}
      style={{ marginTop: 12 }}
      locale={empty === undefined ? undefined : { emptyText: empty }}
      {...props}
    />
  );
}
