import { Table, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { ImportPreview } from '../../../domain/import/index.ts';
import { changeLines, errorLines, errorsFirst, type PreviewRow } from './previewRows.ts';
import { palette } from '../../components/palette.ts';

const actionLook: Record<PreviewRow['action'], { color: string; label: string }> = {
  create: { color: 'green', label: 'Create' },
  update: { color: 'blue', label: 'Update' },
  unchanged: { color: 'default', label: 'Unchanged' },
  error: { color: 'red', label: 'Error' },
};

const columns: TableColumnsType<PreviewRow> = [
  { title: 'Line', dataIndex: 'line', width: 80, render: (line: number) => <span className="tabular">{line}</span> },
  { title: 'Action', dataIndex: 'action', width: 120, render: (action: PreviewRow['action']) => <Tag color={actionLook[action].color}>{actionLook[action].label}</Tag> },
  { title: 'Row', dataIndex: 'key', render: (key: string) => <span style={{ wordBreak: 'break-word' }}>{key}</span> },
  {
    title: 'Details',
    key: 'details',
    render: (_, row) =>
      row.action === 'error' ? (
        <ul style={{ margin: 0, paddingInlineStart: 18, color: palette.danger }}>
          {errorLines(row).map((text) => <li key={text}>{text}</li>)}
        </ul>
      ) : row.diff.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="import-diff">
          {changeLines(row).map((text) => <li key={text} style={{ wordBreak: 'break-word' }}>{text}</li>)}
        </ul>
      ) : row.changes.length > 0 ? (
        `Changes ${row.changes.join(', ')}`
      ) : null,
  },
];

/** Every row of a preview, errors first, a page at a time (a file may hold 20,000 rows). */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const rows = useMemo(() => errorsFirst(preview.rows), [preview]);
  return (
    <Table<PreviewRow>
      data-testid="import-preview"
      size="small"
      rowKey="line"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (total) => `${total.toLocaleString('en-US')} rows` }}
      scroll={{ x: 640 }}
    />
  );
}
