import { Table } from 'antd';
import type { CompareRow } from './compareRows.ts';
import { deltaColors, palette } from '../../components/palette.ts';

const deltaColor = deltaColors;

/** Per week, utilisation of the live plan beside the scenario, and the booked person-days behind it. */
export function CompareTable({ rows, mobile }: { rows: CompareRow[]; mobile: boolean }) {
  return (
    <Table<CompareRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid="compare-table"
      columns={[
        {
          title: 'Week',
          key: 'week',
          fixed: mobile ? 'left' : undefined,
          render: (_, r) => (
            <div style={{ whiteSpace: 'nowrap' }}>
              <div style={{ fontWeight: 600 }}>{r.week}</div>
              <div style={{ fontSize: 12, color: palette.muted }}>{r.dates}</div>
            </div>
          ),
        },
        { title: 'Live', dataIndex: 'live', key: 'live', align: 'right', className: 'tabular', onCell: () => ({ 'data-col': 'live' }) as object },
        {
          title: 'Scenario',
          dataIndex: 'scenario',
          key: 'scenario',
          align: 'right',
          className: 'tabular',
          onCell: () => ({ 'data-col': 'scenario' }) as object,
          render: (value: string) => <strong>{value}</strong>,
        },
        {
          title: 'Change',
          key: 'delta',
          align: 'right',
          render: (_, r) => <span className="tabular" style={{ color: deltaColor[r.direction], whiteSpace: 'nowrap', fontWeight: 600 }}>{r.delta}</span>,
        },
        { title: 'Booked live', dataIndex: 'liveBooked', key: 'liveBooked', align: 'right', className: 'tabular' },
        { title: 'Booked in scenario', dataIndex: 'scenarioBooked', key: 'scenarioBooked', align: 'right', className: 'tabular' },
        { title: 'Capacity', dataIndex: 'capacity', key: 'capacity', align: 'right', className: 'tabular' },
        { title: 'Tentative', dataIndex: 'tentative', key: 'tentative', align: 'right', className: 'tabular' },
      ]}
    />
  );
}
