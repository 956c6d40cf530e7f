import { CalendarOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import type { TimeOff } from '../../../../domain/entities.ts';
import { timeOffKindColors, timeOffKindLabels, timeOffSpan } from './timeOffRows.ts';
import { borderColors, textColors } from '../../../components/palette.ts';

type Props = {
  items: readonly TimeOff[];
  /** Offered only to whoever may cancel (the engineer themselves, a manager), on the live plan. */
  onCancel?: (t: TimeOff) => void;
  busyId?: string;
  empty: string;
  testId?: string;
};

/** Bookings of time off, each with its dates, kind and note, and a Cancel that asks first. */
export function TimeOffList({ items, onCancel, busyId, empty, testId = 'time-off-list' }: Props) {
  if (items.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 0' }} data-testid={testId}>
        {empty}
      </Typography.Text>
    );
  }
  return (
    <div data-testid={testId}>
      {items.map((t) => (
        <div
          key={t._id}
          style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '8px 0', borderBottom: `1px solid ${borderColors.faint}` }}
          data-testid="time-off-item"
          data-from={t.from}
        >
          <CalendarOutlined style={{ color: textColors.quiet }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong className="tabular">
              {timeOffSpan(t)}
            </Typography.Text>
            {t.note ? (
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                {t.note}
              </Typography.Text>
            ) : null}
          </div>
          <Tag color={timeOffKindColors[t.kind]} style={{ marginInlineEnd: 0 }}>
            {timeOffKindLabels[t.kind]}
          </Tag>
          {onCancel ? (
            <Popconfirm title="Cancel this time off?" description={timeOffSpan(t)} okText="Cancel time off" cancelText="Keep it" okButtonProps={{ danger: true }} onConfirm={() => onCancel(t)}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Cancel time off" loading={busyId === t._id} />
            </Popconfirm>
          ) : null}
        </div>
      ))}
    </div>
  );
}
