import { FieldTimeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, InputNumber, Skeleton, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ShowAllList } from '../../components/ShowAllList.tsx';
import type { AvailableEngineer } from './availableApi.ts';
import { monthDay, monthDayRange, percent, shortDate } from '../../lib/format.ts';
import { fitText } from '../../lib/overloads.ts';
import { useDayRange } from '../../lib/useDayRange.ts';
import { addDays, mondayOfDate, todayDate } from '../../lib/weeks.ts';
import type { FreeRangeContext, FreeRangeEvent } from './freeRange.machine.ts';
import { PersonRow } from './AvailabilityPlanning.tsx';
import { borderColors, palette } from '../../components/palette.ts';

type Props = {
  range: FreeRangeContext;
  send: (event: FreeRangeEvent) => void;
  /** Who is free enough, most free first (and matching the directory's filters); null until known. */
  people: readonly AvailableEngineer[] | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
};

const FREE_SHOWN = 6;

/** Quick picks for the range: the weeks a planner usually asks about, each saying its dates. */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = todayDate(new Date());
  const nextMonday = addDays(mondayOfDate(today), 7);
  const pick = (label: string, from: string, to: string) => ({ label: `${label}: ${monthDayRange(from, to)}`, value: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] });
  return [
    pick('Next 2 weeks', today, addDays(today, 13)),
    pick('This week', today, addDays(mondayOfDate(today), 6)),
    pick('Next week', nextMonday, addDays(nextMonday, 6)),
    pick('Next 4 weeks', today, addDays(today, 27)),
  ];
}

/**
 * "Free at least N % from D1 to D2" (GET /api/engineers/available): who has that much of a day free on
 * every working day of the range, not just today, each with their tightest day's figure; below them,
 * those short only on some days, naming the days.
 */
export function FreeOverRange({ range, send, people, loading, error, onRetry }: Props) {
  const days = useDayRange(range.from, range.to);
  const fitting = people?.filter((p) => p.fit.kind === 'fits') ?? null;
  const shortOnSome = people?.filter((p) => p.fit.kind === 'fitsExcept') ?? [];
  return (
    <div style={{ marginTop: 16, borderTop: `1px solid ${borderColors.subtle}`, paddingTop: 14 }} data-testid="free-over-range">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 10 }}>
        <Typography.Text strong style={{ marginRight: 4 }}>
          <FieldTimeOutlined style={{ color: palette.primary, marginRight: 6 }} />
          Free at least
        </Typography.Text>
        <InputNumber
          size="small"
          min={0}
          max={100}
          precision={0}
          suffix="%"
          value={range.minFree}
          onChange={(value) => send({ type: 'SET_MIN_FREE', value: typeof value === 'number' ? value : null })}
          aria-label="Free at least"
          style={{ width: 84 }}
          data-testid="free-min"
        />
        <Typography.Text>from</Typography.Text>
        <DatePicker.RangePicker
          size="small"
          format="MMM DD, YYYY"
          value={days}
          allowClear={false}
          presets={presets()}
          onChange={(days) => {
            if (days?.[0] && days[1]) send({ type: 'SET_DATES', from: days[0].format('YYYY-MM-DD'), to: days[1].format('YYYY-MM-DD') });
          }}
          aria-label="Free over the dates"
          data-testid="free-dates"
        />
        <span style={{ flex: 1 }} />
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
          <Switch size="small" checked={range.onlyFree} onChange={() => send({ type: 'TOGGLE_ONLY_FREE' })} aria-label="Only these in the directory" data-testid="only-free" />
          Only these in the directory
        </label>
      </div>
      {error ? (
        <Alert type="error" showIcon title={`Who is free could not be loaded: ${error}`} action={<Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>Retry</Button>} />
      ) : fitting === null ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <div style={{ opacity: loading ? 0.6 : 1 }}>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 4 }} data-testid="free-count">
            <strong className="tabular" style={{ color: palette.success, fontSize: 15 }}>{fitting.length}</strong>{' '}
            {fitting.length === 1 ? 'engineer is' : 'engineers are'} at least {percent(range.minFree)} free on every working day from {monthDay(range.from)} to{' '}
            {shortDate(range.to)}
          </Typography.Text>
          <ShowAllList
            items={fitting}
            limit={FREE_SHOWN}
            testId="free-list"
            empty={<Typography.Text type="secondary">Nobody is that free over these dates. Try a lower percentage or other dates.</Typography.Text>}
            render={(person) => (
              <PersonRow
                key={person._id}
                person={person}
                badge={
                  <Tag color="green" className="tabular" style={{ marginInlineEnd: 0 }} title={`Tightest day: ${percent(person.lowestFree)} free`}>
                    {percent(person.lowestFree)} free
                  </Tag>
                }
              />
            )}
          />
          {shortOnSome.length > 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 6 }} data-testid="free-except">
              Short on some days:{' '}
              {shortOnSome.map((person, index) => (
                <span key={person._id} data-name={person.name} data-testid="free-except-person">
                  {index > 0 ? '; ' : ''}
                  {person.name}, {fitText(person.fit)}
                </span>
              ))}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
            Each figure is the engineer's tightest working day: time off, holidays and part-time capacity count.
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
