import { ClearOutlined, ExpandAltOutlined, FilterOutlined, SearchOutlined, ShrinkOutlined } from '@ant-design/icons';
import { Badge, Button, Card, DatePicker, Input, InputNumber, Segmented, Select, Switch, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { seniorities } from '../../../domain/entities.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { capitalize } from '../../lib/format.ts';
import { SpanSelect, WindowMoves } from '../../components/grid/WindowControls.tsx';
import { filterCount, hasFilters, type ScheduleShow, type ScheduleView } from '../../lib/scheduleView.ts';
import type { ScheduleRange } from '../../lib/window.ts';
import { useDayRange } from '../../lib/useDayRange.ts';
import type { ScheduleEvent } from './schedule.machine.ts';

type Props = {
  view: ScheduleView;
  /** A phone: the order, the span and the switches fold behind Filters too. */
  compact: boolean;
  filtersOpen: boolean;
  /** Every row shows its bars. */
  detailed: boolean;
  range: ScheduleRange;
  skills: readonly string[];
  departments: readonly string[];
  /** The Team filter's choices: every team, the teams inside another named under it. */
  teams: readonly { value: string; label: string }[];
  /** Why past periods cannot show actuals now (the day zoom, another moment than now, an engineer); null when they can. */
  actualsOff: string | null;
  send: (event: ScheduleEvent) => void;
};

const shows: { label: string; value: ScheduleShow }[] = [
  { label: 'Planned', value: 'plan' },
  { label: 'Actual', value: 'actual' },
];

const sorts: { label: string; value: CapacitySortKey }[] = [
  { label: 'Name', value: 'name' },
  { label: 'Peak load', value: 'peak' },
  { label: 'Free capacity', value: 'free' },
];

const dateOf = (day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : null);

/**
 * The window (move, jump, zoom, span), the order, the detailed mode, and the filters of the schedule;
 * every control only sends. Short on a wide screen: the filters fold behind their button (open when a
 * filter is on), and the window's dates are in the grid's title, so the people come first on screen
 * (at 1440 px beside the open sidebar, Expand all and Filters take a second line since Planned / Actual came).
 */
export function ScheduleToolbar({ view, compact, filtersOpen, detailed, range, skills, departments, teams, actualsOff, send }: Props) {
  const freeDays = useDayRange(view.freeFrom, view.freeTo);
  const sendFreeDays = (days: [Dayjs | null, Dayjs | null] | null) =>
    send({ type: 'CHANGE', change: { freeFrom: dateOf(days?.[0] ?? null), freeTo: dateOf(days?.[1] ?? null) } });
  const display = (
    <>
      <SpanSelect step={view.step} weeks={view.weeks} onChange={(weeks) => send({ type: 'CHANGE', change: { weeks } })} testId="schedule-span" />
      <Select
        value={view.sort}
        options={sorts}
        onChange={(sort) => send({ type: 'CHANGE', change: { sort } })}
        aria-label="Sort by"
        prefix="Sort:"
        style={{ width: 148 }}
        data-testid="schedule-sort"
      />
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer', whiteSpace: 'nowrap' }} title="Count work on projects not won yet">
        <Switch size="small" checked={view.includeTentative} onChange={(includeTentative) => send({ type: 'CHANGE', change: { includeTentative } })} aria-label="Include tentative" />
        Tentative
      </label>
      {/* The wrapper carries the tooltip: a disabled control gets no pointer events of its own. */}
      <Tooltip title={actualsOff ?? 'Past weeks: the hours people recorded, in place of the plan'}>
        <span data-testid="schedule-show" data-disabled={actualsOff !== null}>
          <Segmented<ScheduleShow>
            options={shows}
            value={actualsOff === null ? view.show : 'plan'}
            disabled={actualsOff !== null}
            onChange={(show) => send({ type: 'CHANGE', change: { show } })}
            aria-label="Past periods show"
          />
        </span>
      </Tooltip>
    </>
  );
  return (
    <Card style={{ marginBottom: 12 }} styles={{ body: { padding: compact ? 10 : '8px 12px' } }} data-testid="schedule-toolbar">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
        <WindowMoves
          from={range.from}
          step={view.step}
          onShift={(direction) => send({ type: direction > 0 ? 'NEXT' : 'PREVIOUS' })}
          onToday={() => send({ type: 'TODAY' })}
          onGoTo={(date) => send({ type: 'GO_TO', date })}
          onStep={(step) => send({ type: 'CHANGE', change: { step } })}
          testIdPrefix="schedule"
        />
        {compact ? null : display}
        <Button
          icon={detailed ? <ShrinkOutlined /> : <ExpandAltOutlined />}
          onClick={() => send({ type: detailed ? 'COLLAPSE_ALL' : 'EXPAND_ALL' })}
          aria-pressed={detailed}
          aria-label={detailed ? 'Collapse all' : 'Expand all'}
          title={detailed ? 'Close every row: loads only' : 'Detailed: every row shows its bars'}
          data-testid="schedule-expand-all"
        >
          {compact ? null : detailed ? 'Collapse all' : 'Expand all'}
        </Button>
        <Badge count={filterCount(view)} size="small">
          <Button icon={<FilterOutlined />} onClick={() => send({ type: 'TOGGLE_FILTERS' })} aria-expanded={filtersOpen} data-testid="schedule-filters-toggle">
            Filters
          </Button>
        </Badge>
      </div>
      {!filtersOpen ? null : <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginTop: 8 }} data-testid="schedule-filters">
        {compact ? display : null}
        <Input
          allowClear
          prefix={<SearchOutlined className="muted" />}
          placeholder="Name or skill..."
          value={view.q}
          onChange={(e) => send({ type: 'SEARCH', text: e.target.value })}
          aria-label="Search by name or skill"
          style={{ width: 200 }}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Skills"
          value={view.skills}
          options={skills.map((s) => ({ value: s, label: s }))}
          onChange={(value: string[]) => send({ type: 'CHANGE', change: { skills: value } })}
          maxTagCount="responsive"
          aria-label="Skills"
          style={{ width: 200 }}
          data-testid="schedule-skills"
        />
        <Select
          allowClear
          placeholder="Department"
          value={view.department ?? undefined}
          options={departments.map((d) => ({ value: d, label: d }))}
          onChange={(department?: string) => send({ type: 'CHANGE', change: { department: department ?? null } })}
          aria-label="Department"
          style={{ width: 180 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Team"
          value={view.team ?? undefined}
          options={teams as { value: string; label: string }[]}
          onChange={(team?: string) => send({ type: 'CHANGE', change: { team: team ?? null } })}
          aria-label="Team"
          style={{ width: 200 }}
          data-testid="schedule-team"
        />
        <Select
          allowClear
          placeholder="Seniority"
          value={view.seniority ?? undefined}
          options={seniorities.map((s) => ({ value: s, label: capitalize(s) }))}
          onChange={(seniority?: (typeof seniorities)[number]) => send({ type: 'CHANGE', change: { seniority: seniority ?? null } })}
          aria-label="Seniority"
          style={{ width: 120 }}
        />
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }} data-testid="schedule-free">
          <span style={{ whiteSpace: 'nowrap' }}>Free at least</span>
          <InputNumber
            min={0}
            max={100}
            precision={0}
            suffix="%"
            placeholder="—"
            value={view.minFree}
            onChange={(value) => send({ type: 'CHANGE', change: { minFree: typeof value === 'number' ? value : null } })}
            aria-label="Free at least (percent)"
            style={{ width: 84 }}
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="MMM D, YYYY"
            placeholder={['from', 'to']}
            value={freeDays}
            onChange={sendFreeDays}
            // Each end as soon as it is chosen: until both were, the first lived only inside the picker,
            // and the next render of the toolbar (the lists arriving, a live update) emptied it again.
            // Both report the final pair; the machine fetches for the first only.
            onCalendarChange={sendFreeDays}
            aria-label="Free from and to"
            // Wide enough for two dates of the longest month name and a two-digit day ("Nov 30, 2026").
            style={{ width: 290, maxWidth: '100%' }}
            data-testid="schedule-free-dates"
          />
        </span>
        {hasFilters(view) ? (
          <Button type="link" icon={<ClearOutlined />} onClick={() => send({ type: 'CLEAR_FILTERS' })} style={{ paddingInline: 0 }}>
            Clear filters
          </Button>
        ) : null}
      </div>}
    </Card>
  );
}
