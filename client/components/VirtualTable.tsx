import VirtualList from '@rc-component/virtual-list';
import { Empty } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { backgrounds, borderColors } from './palette.ts';

export type VirtualColumn<T> = {
  key: string;
  title: ReactNode;
  /** A CSS grid track: '160px', 'minmax(0, 2fr)', 'max-content'... */
  width: string;
  align?: 'left' | 'right';
  render: (row: T) => ReactNode;
};

type Props<T> = {
  columns: VirtualColumn<T>[];
  rows: T[];
  rowKey: keyof T & string;
  empty: string;
  /** Past this height the rows scroll inside the table, and only those in view are in the page. */
  height?: number;
  /** A first guess at a row's height; each row is measured once drawn. */
  rowHeight?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  testId?: string;
};

const line: CSSProperties = { display: 'grid', gap: 12, padding: '8px 16px', alignItems: 'center', borderBottom: `1px solid ${borderColors.table}` };

/**
 * A table of many rows that stays light: a CSS grid whose body is a virtual list, so a page of a
 * few hundred rows costs the DOM of the dozen in view (antd's virtual table measures its columns on
 * every resize, which costs more than the rows it saves on a screen like this one).
 */
export function VirtualTable<T>({ columns, rows, rowKey, empty, height = 480, rowHeight = 41, minWidth, testId }: Props<T>) {
  const template = columns.map((c) => c.width).join(' ');
  return (
    <div data-testid={testId} role="table" style={{ overflowX: minWidth ? 'auto' : undefined }}>
      <div style={{ minWidth }}>
        <div role="row" style={{ ...line, gridTemplateColumns: template, background: backgrounds.tableHeader, fontWeight: 600, fontSize: 13 }}>
          {columns.map((c) => (
            <div role="columnheader" key={c.key} style={{ textAlign: c.align }}>
              {c.title}
            </div>
          ))}
        </div>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '16px 0' }} />
        ) : (
          <VirtualList data={rows} height={height} itemHeight={rowHeight} itemKey={rowKey} fullHeight={false}>
            {(row) => (
              <div role="row" style={{ ...line, gridTemplateColumns: template, fontSize: 14 }}>
                {columns.map((c) => (
                  <div role="cell" key={c.key} style={{ textAlign: c.align, minWidth: 0 }}>
                    {c.render(row)}
                  </div>
                ))}
              </div>
            )}
          </VirtualList>
        )}
      </div>
    </div>
  );
}
