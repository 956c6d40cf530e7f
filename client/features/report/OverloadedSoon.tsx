import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Skeleton, Tag, Typography } from 'antd';
import { ShowAllList } from '../../components/ShowAllList.tsx';
import { EngineerAvatar } from '../../components/EngineerAvatar.tsx';
import { percent, plural } from '../../lib/format.ts';
import { weekLabel } from '../../lib/weeks.ts';
import type { OverloadedEngineer } from './forecast.ts';
import { notices, palette } from '../../components/palette.ts';

/** How many show before "Show all": the worst cases, without a page as long as the team. */
export const OVERLOADED_SHOWN = 20;

type Props = { people: readonly OverloadedEngineer[] | null; weeks: number };

/** Who is over their capacity on some day of the forecast, most severe peak day first, with the week it happens. */
export function OverloadedSoon({ people, weeks }: Props) {
  if (!people) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  return (
    <ShowAllList
      items={people}
      limit={OVERLOADED_SHOWN}
      testId="overloaded-soon-list"
      empty={
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 14px', background: notices.success.bg, borderRadius: 10, color: palette.success }}>
          <CheckCircleOutlined />
          Nobody is over their capacity in these weeks
        </div>
      }
      render={(o) => (
        <div
          key={o.engineer._id}
          style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '8px 12px', background: notices.danger.bg, border: `1px solid ${notices.danger.border}`, borderRadius: 10, marginBottom: 8 }}
          data-testid="overloaded-soon-item"
          data-name={o.engineer.name}
        >
          <EngineerAvatar name={o.engineer.name} avatar={o.engineer.avatar} size={30} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ display: 'block' }}>
              {o.engineer.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <WarningOutlined style={{ color: notices.danger.fg, marginRight: 4 }} />
              Peak in the week of {weekLabel(o.peakWeek)} · over on {plural(o.overloadedDays, 'day')}, in {plural(o.overloadedWeeks, 'week')} of {weeks}
            </Typography.Text>
          </div>
          <Tag color="red" className="tabular" style={{ marginInlineEnd: 0 }}>
            {percent(o.peak)}
          </Tag>
        </div>
      )}
    />
  );
}
