import type { TablePaginationConfig } from 'antd';

/** Pagination for directory tables: 20 rows a page, hidden when everything fits on one. */
export const pagination = (pageSize = 20): TablePaginationConfig => ({
  pageSize,
  hideOnSinglePage: true,
  showSizeChanger: false,
  size: 'small',
});
