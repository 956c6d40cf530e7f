import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import type { TimeOff } from '../../../domain/entities.ts';
import { cellLines, cellTones, conflictDaysIn, conflictProjectsIn, demandBars, gridVariables, holdsDay, holidayLine, periodHeading, timeOffIn, timeOffLine, totalLook } from './cellLook.ts';
import { GridTip } from './GridTip.tsx';
import { EngineerName, EngineerRow } from './ScheduleRow.tsx';

const ROW_HEIGHT = 45;
const HEAD_HEIGHT = 44;
const TOTALS_HEIGHT = 50;

type Props = {
  data: CapacityResponse;
  step: CapacityStep;
  sort: CapacitySortKey;
  columnWidth: number;
  nameWidth: number;
  compact: boolean;
  today: string;
  expanded: readonly string[];
  onToggle: (engineerId: string) => void;
  /** How tall an open row's details are. */
  detailsHeightOf: (engineerId: string) => number;
  /** The open row's details. */
  renderDetails: (engineerId: string) => ReactNode;
  /** An engineer's time off, named in the tooltips of the cells it falls in. */
  timeOffOf: (engineerId: string) => readonly TimeOff[];
  /** A project's name, for the work planned on days off that a tooltip names (undefined until the projects have loaded). */
  projectNameOf: (projectId: string) => string | undefined;
  /** What comes between the totals and the engineers (the placeholders), and its height. */
  before?: { node: ReactNode; height: number };
  /** Offered under the name of an open row (managers only). */
  onBookTimeOff?: ((engineerId: string) => void) | undefined;
};


const Head = memo(function Head({ data, step, columnWidth, nameWidth, today }: Pick<Props, 'data' | 'step' | 'columnWidth' | 'nameWidth' | 'today'>) {
  const day = dayOfDate(today);
  return (
    <div className="schedule-line schedule-head" role="row">
      <div className="schedule-name" style={{ width: nameWidth }} role="columnheader">
        Engineer
      </div>
      {data.periods.map((p) => {
        const heading = periodHeading(p, step);
        const isToday = holdsDay(p, day);
        const title = [heading.title, ...p.holidays.map(holidayLine)].join('\n');
        return (
          <div key={p.key} className={`schedule-period${isToday ? ' is-today' : ''}`} style={{ width: columnWidth }} role="columnheader" data-tip={title} aria-label={title}>
            <span>
              {heading.top}
              {p.holidays.length > 0 ? <i className="holiday-mark" aria-hidden="true" /> : null}
            </span>
            <strong>{heading.bottom}</strong>
          </div>
        );
      })}
    </div>
  );
});

/** Everyone in the view per period: confirmed load against capacity, and the demand on it (confirmed, tentative, placeholders). */
const Totals = memo(function Totals({ data, columnWidth, nameWidth }: Pick<Props, 'data' | 'columnWidth' | 'nameWidth'>) {
  return (
    <div className="schedule-line schedule-totals" role="row" data-testid="schedule-totals">
      <div className="schedule-name" style={{ width: nameWidth }} role="rowheader">
        Totals
      </div>
      {data.totals.map((t) => {
        const look = totalLook(t);
        return (
          <div
            key={t.key}
            className="schedule-total"
            style={{ width: columnWidth, color: cellTones[look.tone].color }}
            role="gridcell"
            data-period={t.key}
            data-label={look.label}
            data-capacity={t.capacity}
            data-confirmed={t.confirmed}
            data-tentative={t.tentative}
            data-placeholder={t.placeholder}
            data-tip={look.lines.join('\n')}
          >
            <span>{look.label}</span>
            <span className="demand" aria-hidden="true">
              {demandBars(t).map((bar) => (
                <i key={bar.color} style={{ width: `${bar.percent}%`, background: bar.color }} />
              ))}
            </span>
          </div>
        );
      })}
    </div>
  );
});

/**
 * The schedule's grid: engineers down, periods across, one scroll area with the period headings
 * and totals stuck to its top and the names stuck to its left (so they stay in view on a phone).
 * Only the rows in view are in the page, so thousands of engineers scroll as smoothly as ten. The
 * names are one column that sticks, not one sticky cell per row: each sticky cell is a layer the
 * browser composites, with everything it overlaps, and a hundred of them cost more than the rows.
 */
export function ScheduleGrid(props: Props) {
  const { data, step, sort, columnWidth, nameWidth, compact, today, expanded, onToggle, detailsHeightOf, renderDetails, timeOffOf, projectNameOf, before, onBookTimeOff } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const periodsWidth = data.periods.length * columnWidth;
  const width = nameWidth + periodsWidth;
  const open = useMemo(() => new Set(expanded), [expanded]);
  const rows = data.rows;

  const estimateSize = useCallback(
    (index: number) => {
      const id = rows[index]?.engineer._id;
      return ROW_HEIGHT + (id && open.has(id) ? detailsHeightOf(id) : 0);
    },
    [rows, open, detailsHeightOf],
  );
  // Stable between renders: a new one makes the virtualiser lay out all the rows again, every frame of a scroll.
  const getItemKey = useCallback((index: number) => rows[index]?.engineer._id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 6,
    // Rows render in React's next batch instead of inside the scroll event: fewer, larger updates while flinging.
    useFlushSync: false,
    scrollMargin: HEAD_HEIGHT + TOTALS_HEIGHT + (before?.height ?? 0),
    getItemKey,
  });
  // Heights come from the data, not from measuring: a row opened or closed, or new data, re-lays them out.
  useEffect(() => virtualizer.measure(), [virtualizer, estimateSize]);

  // A cell's tooltip is worked out when the pointer rests on it, not for every cell drawn.
  const byId = useMemo(() => new Map(rows.map((row) => [row.engineer._id, row])), [rows]);
  const describe = useCallback(
    (target: HTMLElement) => {
      if (target.dataset.tip !== undefined) return target.dataset.tip;
      const row = byId.get(target.closest<HTMLElement>('[data-id]')?.dataset.id ?? '');
      const period = row?.periods[Number(target.dataset.p)];
      if (!row || !period) return '';
      const names = timeOffIn(timeOffOf(row.engineer._id), period).map(timeOffLine);
      const conflictProjects = conflictProjectsIn(row.conflicts, period, projectNameOf);
      return cellLines(period, data.includeTentative, names, conflictDaysIn(row.conflicts, period), conflictProjects).join('\n');
    },
    [byId, data.includeTentative, timeOffOf, projectNameOf],
  );

  // The rows in view, each drawn twice: its name in the sticky column, its periods beside it.
  const lines = virtualizer.getVirtualItems().map((item) => {
    const row = rows[item.index]!;
    return { key: item.key, row, top: item.start - virtualizer.options.scrollMargin, height: item.size, isOpen: open.has(row.engineer._id) };
  });
  const variables = gridVariables(columnWidth) as CSSProperties;
  return (
    <div ref={scrollRef} className="schedule-scroll" role="grid" aria-rowcount={rows.length} data-testid="schedule-grid" style={variables}>
      <div style={{ width, minWidth: '100%', position: 'relative' }}>
        <Head data={data} step={step} columnWidth={columnWidth} nameWidth={nameWidth} today={today} />
        <Totals data={data} columnWidth={columnWidth} nameWidth={nameWidth} />
        {before?.node}
        <div className="schedule-body" style={{ height: virtualizer.getTotalSize() }}>
          <div className="schedule-names" style={{ width: nameWidth }}>
            {lines.map(({ key, row, top, height, isOpen }) => (
              <EngineerName key={key} row={row} top={top} height={height} sort={sort} compact={compact} expanded={isOpen} onToggle={onToggle} onBookTimeOff={onBookTimeOff} />
            ))}
          </div>
          <div className="schedule-rows" style={{ width: periodsWidth }}>
            {lines.map(({ key, row, top, height, isOpen }) => (
              <EngineerRow key={key} row={row} top={top} height={height} width={periodsWidth} renderDetails={isOpen ? renderDetails : null} />
            ))}
          </div>
        </div>
      </div>
      <GridTip container={scrollRef} describe={describe} />
    </div>
  );
}
