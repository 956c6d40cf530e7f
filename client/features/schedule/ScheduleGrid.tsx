import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { type CSSProperties, type KeyboardEvent, memo, type PointerEvent, type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import type { TimeOff } from '../../../domain/entities.ts';
import type { Assignment } from '../../../domain/entities.ts';
import { recordedTotals, type RecordedPeriod, type RecordedTotal } from '../../../domain/actuals/shown.ts';
import { type barSelectionMachine, lassoBox } from '../../machines/barSelection.machine.ts';
import { type CellSpan, type cellSelectMachine, cursorSpan, dragSpan } from '../../machines/cellSelect.machine.ts';
import { cellLines, cellTones, ownDaysLines, conflictDaysIn, conflictProjectsIn, demandBars, gridVariables, recordedTotalLook, timeOffIn, timeOffLine, totalLook } from '../../components/grid/cellLook.ts';
import { PeriodHead } from '../../components/grid/PeriodHead.tsx';
import { GridTip } from '../../components/grid/GridTip.tsx';
import { overscanRows } from './overscan.ts';
import { EngineerName, EngineerRow } from './ScheduleRow.tsx';
import { namesakeHints } from '../../lib/namesakes.ts';
import type { PendingBar } from './pendingDemand.ts';

export const ROW_HEIGHT = 45;
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
  /** Whether a person's row is open on their bars. */
  isOpen: (engineerId: string) => boolean;
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
  onEditDays?: ((engineerId: string) => void) | undefined;
  /** Managers make work from the empty cells and choose bars with a lasso; others only read. */
  canPlan: boolean;
  /** Open staffing requests per person (hatched on their row until answered). */
  pendingOf?: (engineerId: string) => readonly PendingBar[] | undefined;
  /** Why a scoped manager may not change this person (another team's), or null: that row's actions are off. */
  outOfReach?: (engineerId: string) => string | null;
  cells: Actor<typeof cellSelectMachine>;
  selection: Actor<typeof barSelectionMachine>;
  /** The assignment a bar on screen draws, for the lasso. */
  assignmentOf: (id: string) => Assignment | undefined;
  /** Whose row a dragged bar would go to. */
  dropTargetId: string | null;
  /** The Actual mode: per engineer, what each period shows of what was recorded (null: the plan); null when off. */
  recordedOf: ((engineerId: string) => readonly (RecordedPeriod | null)[]) | null;
};


/**
 * Everyone in the view per period: confirmed load against capacity, and the demand on it (confirmed,
 * tentative, placeholders); in the Actual mode, a past period reads what they recorded instead.
 */
const Totals = memo(function Totals({ data, columnWidth, nameWidth, recorded }: Pick<Props, 'data' | 'columnWidth' | 'nameWidth'> & { recorded: readonly (RecordedTotal | null)[] | null }) {
  return (
    <div className="schedule-line schedule-totals" role="row" data-testid="schedule-totals">
      <div className="schedule-name" style={{ width: nameWidth }} role="rowheader">
        Totals
      </div>
      {data.totals.map((t, index) => {
        const actual = recorded?.[index] ?? null;
        const look = actual ? recordedTotalLook(t, actual) : { ...totalLook(t), bars: demandBars(t) };
        return (
          <div
            key={t.key}
            className={actual ? 'schedule-total actual' : 'schedule-total'}
            style={{ width: columnWidth, color: cellTones[look.tone].color }}
            role="gridcell"
            data-period={t.key}
            data-label={look.label}
            data-capacity={t.capacity}
            data-confirmed={t.confirmed}
            data-tentative={t.tentative}
            data-placeholder={t.placeholder}
            data-actual-hours={actual?.hours}
            data-tip={look.lines.join('\n')}
          >
            <span>{look.label}</span>
            <span className="demand" aria-hidden="true">
              {look.bars.map((bar) => (
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
  const { data, step, sort, columnWidth, nameWidth, compact, today, isOpen, onToggle, detailsHeightOf, renderDetails, timeOffOf, projectNameOf, before, onBookTimeOff, onEditDays, recordedOf } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const periodsWidth = data.periods.length * columnWidth;
  const width = nameWidth + periodsWidth;
  const rows = data.rows;
  // Names another row shares carry the e-mail under them (lib/namesakes.ts).
  const namesakes = useMemo(() => namesakeHints(rows.map((r) => r.engineer)), [rows]);

  const estimateSize = useCallback(
    (index: number) => {
      const id = rows[index]?.engineer._id;
      return ROW_HEIGHT + (id && isOpen(id) ? detailsHeightOf(id) : 0);
    },
    [rows, isOpen, detailsHeightOf],
  );
  // The rows' mean height, for how many to draw beyond the view (see overscanRows).
  const averageHeight = useMemo(() => {
    let total = 0;
    for (let index = 0; index < rows.length; index += 1) total += estimateSize(index);
    return total / rows.length;
  }, [rows, estimateSize]);
  // Stable between renders: a new one makes the virtualiser lay out all the rows again, every frame of a scroll.
  const getItemKey = useCallback((index: number) => rows[index]?.engineer._id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: overscanRows(averageHeight, ROW_HEIGHT),
    // Rows render in React's next batch instead of inside the scroll event: fewer, larger updates while flinging.
    useFlushSync: false,
    scrollMargin: HEAD_HEIGHT + TOTALS_HEIGHT + (before?.height ?? 0),
    getItemKey,
  });
  // Heights come from the data, not from measuring: a row opened or closed, or new data, re-lays them out.
  useEffect(() => virtualizer.measure(), [virtualizer, estimateSize]);

  // The totals of the Actual mode: everyone in view, as the plan's totals count them.
  const totalsRecorded = useMemo(
    () => (recordedOf ? recordedTotals(rows.map((row) => recordedOf(row.engineer._id)), data.periods.length) : null),
    [rows, recordedOf, data.periods.length],
  );

  // A cell's tooltip is worked out when the pointer rests on it, not for every cell drawn.
  const byId = useMemo(() => new Map(rows.map((row) => [row.engineer._id, row])), [rows]);
  const describe = useCallback(
    (target: HTMLElement) => {
      if (target.dataset.tip !== undefined) return target.dataset.tip;
      const row = byId.get(target.closest<HTMLElement>('[data-id]')?.dataset.id ?? '');
      const index = Number(target.dataset.p);
      const period = row?.periods[index];
      if (!row || !period) return '';
      const names = timeOffIn(timeOffOf(row.engineer._id), period).map(timeOffLine);
      const conflictProjects = conflictProjectsIn(row.conflicts, period, projectNameOf);
      const recorded = recordedOf?.(row.engineer._id)[index] ?? null;
      return cellLines(period, data.includeTentative, names, conflictDaysIn(row.conflicts, period), conflictProjects, ownDaysLines(row.engineer, period), recorded).join('\n');
    },
    [byId, data.includeTentative, timeOffOf, projectNameOf, recordedOf],
  );

  // The rows in view, each drawn twice: its name in the sticky column, its periods beside it.
  const lines = virtualizer.getVirtualItems().map((item) => {
    const row = rows[item.index]!;
    return { key: item.key, index: item.index, row, top: item.start - virtualizer.options.scrollMargin, height: item.size, isOpen: isOpen(row.engineer._id) };
  });
  const topOf = (index: number) => lines.find((line) => line.index === index)?.top ?? null;

  // Making work from empty cells, choosing bars with a lasso, and the keyboard's cell.
  const { cells, selection, canPlan } = props;
  const dragged = useSelector(cells, (s) => dragSpan(s.context.drag), sameSpan);
  const chosen = useSelector(cells, (s) => cursorSpan(s.context), sameSpan);
  const lasso = useSelector(selection, (s) => s.context.lasso);
  const rowsRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ id: number; kind: 'cells' | 'lasso'; touch: boolean } | null>(null);
  const at = (event: { clientX: number; clientY: number }) => {
    const box = rowsRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const colAt = (x: number) => Math.min(Math.max(Math.floor(x / columnWidth), 0), data.periods.length - 1);
  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (!canPlan || event.button !== 0 || pointer.current) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, .schedule-bar, .schedule-away')) return;
    const rowElement = target.closest<HTMLElement>('[data-index]');
    // Another team's row makes no work: the server would refuse it, so the screen says why instead.
    if (rowElement?.dataset.outOfReach && !event.shiftKey) {
      const refusal = props.outOfReach?.(rowElement.dataset.id ?? '');
      if (refusal) cells.send({ type: 'PRESS', row: Number(rowElement.dataset.index), col: colAt(at(event).x), refusal });
      return;
    }
    const point = at(event);
    const touch = event.pointerType === 'touch';
    if (event.shiftKey && !touch) {
      event.currentTarget.setPointerCapture(event.pointerId);
      pointer.current = { id: event.pointerId, kind: 'lasso', touch };
      selection.send({ type: 'LASSO_START', ...point });
      return;
    }
    if (!rowElement) return;
    // A touch may become a scroll: it is captured only by the browser, and a tap is a press and a release.
    if (!touch) event.currentTarget.setPointerCapture(event.pointerId);
    pointer.current = { id: event.pointerId, kind: 'cells', touch };
    cells.send({ type: 'PRESS', row: Number(rowElement.dataset.index), col: colAt(point.x) });
  };
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const held = pointer.current;
    if (!held || held.id !== event.pointerId) return;
    const point = at(event);
    if (held.kind === 'lasso') selection.send({ type: 'LASSO_MOVE', ...point });
    else if (!held.touch) cells.send({ type: 'HOVER', col: colAt(point.x) });
  };
  const release = (event: PointerEvent<HTMLDivElement>) => {
    const held = pointer.current;
    if (!held || held.id !== event.pointerId) return;
    pointer.current = null;
    if (held.kind === 'cells') {
      cells.send({ type: 'RELEASE' });
      return;
    }
    // The bars drawn inside the lasso's box are chosen.
    const box = selection.getSnapshot().context.lasso;
    const rowsBox = rowsRef.current!.getBoundingClientRect();
    const area = box ? lassoBox(box) : null;
    const inside: Assignment[] = [];
    if (area) {
      for (const element of rowsRef.current!.querySelectorAll<HTMLElement>('.schedule-bar[data-assignment]')) {
        const r = element.getBoundingClientRect();
        const left = r.left - rowsBox.left;
        const top = r.top - rowsBox.top;
        const overlaps = left < area.left + area.width && left + r.width > area.left && top < area.top + area.height && top + r.height > area.top;
        const assignment = overlaps ? props.assignmentOf(element.dataset.assignment!) : undefined;
        if (assignment) inside.push(assignment);
      }
    }
    selection.send({ type: 'LASSO_END', assignments: inside });
  };
  const cancel = (event: PointerEvent<HTMLDivElement>) => {
    const held = pointer.current;
    if (!held || held.id !== event.pointerId) return;
    pointer.current = null;
    if (held.kind === 'lasso') selection.send({ type: 'LASSO_CANCEL' });
    else cells.send({ type: 'CANCEL' });
  };
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canPlan || event.target !== event.currentTarget) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -10_000], End: [0, 10_000] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      cells.send({ type: 'MOVE_CURSOR', dRow: move[0], dCol: move[1], extend: event.shiftKey, rows: rows.length, cols: data.periods.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // The cursor's person, if out of the manager's reach, refuses with the row's own reason.
      const cursor = cells.getSnapshot().context.cursor;
      const person = cursor ? rows[cursor.row]?.engineer._id : undefined;
      cells.send({ type: 'ENTER', refusal: person ? (props.outOfReach?.(person) ?? null) : null });
    } else if (event.key === 'Escape') {
      cells.send({ type: 'COLLAPSE' });
      selection.send({ type: 'CLEAR' });
    }
  };
  // The keyboard's cell stays in view.
  useEffect(() => {
    if (!chosen) return;
    virtualizer.scrollToIndex(chosen.row, { align: 'auto' });
    const scroller = scrollRef.current;
    if (!scroller) return;
    const left = nameWidth + chosen.to * columnWidth;
    if (left + columnWidth > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = left + columnWidth - scroller.clientWidth;
    else if (left - nameWidth < scroller.scrollLeft) scroller.scrollLeft = Math.max(left - nameWidth, 0);
  }, [chosen, virtualizer, nameWidth, columnWidth]);
  const span = dragged ?? chosen;
  const spanTop = span ? topOf(span.row) : null;
  const spanLabel = span ? `${rows[span.row]?.engineer.name ?? ''}: ${data.periods[span.from]?.start ?? ''} to ${data.periods[span.to]?.end ?? ''}` : '';

  const variables = gridVariables(columnWidth) as CSSProperties;
  return (
    <div
      ref={scrollRef}
      className="schedule-scroll"
      role="grid"
      aria-rowcount={rows.length}
      aria-label={canPlan ? 'Schedule: arrows choose a cell, Shift+arrows widen it, Enter adds an assignment there' : 'Schedule'}
      aria-activedescendant={span && spanTop !== null && !dragged ? 'schedule-cursor' : undefined}
      tabIndex={canPlan ? 0 : undefined}
      onKeyDown={keys}
      data-testid="schedule-grid"
      style={variables}
    >
      <div style={{ width, minWidth: '100%', position: 'relative' }}>
        <PeriodHead periods={data.periods} step={step} columnWidth={columnWidth} nameWidth={nameWidth} today={today} label="Engineer" />
        <Totals data={data} columnWidth={columnWidth} nameWidth={nameWidth} recorded={totalsRecorded} />
        {before?.node}
        <div className="schedule-body" style={{ height: virtualizer.getTotalSize() }}>
          <div className="schedule-names" style={{ width: nameWidth }}>
            {lines.map(({ key, row, top, height, isOpen }) => (
              <EngineerName key={key} row={row} namesake={namesakes.get(row.engineer._id)} top={top} height={height} sort={sort} compact={compact} expanded={isOpen} onToggle={onToggle} onBookTimeOff={onBookTimeOff} onEditDays={onEditDays} outOfReach={props.outOfReach?.(row.engineer._id) ?? null} />
            ))}
          </div>
          <div
            ref={rowsRef}
            className={`schedule-rows${canPlan ? ' can-plan' : ''}`}
            style={{ width: periodsWidth }}
            onPointerDown={press}
            onPointerMove={follow}
            onPointerUp={release}
            onPointerCancel={cancel}
            onLostPointerCapture={cancel}
          >
            {lines.map(({ key, index, row, top, height, isOpen }) => (
              <EngineerRow
                key={key}
                index={index}
                row={row}
                top={top}
                height={height}
                width={periodsWidth}
                dropTarget={props.dropTargetId === row.engineer._id}
                renderDetails={isOpen ? renderDetails : null}
                recorded={recordedOf ? recordedOf(row.engineer._id) : null}
                outOfReach={canPlan && !!props.outOfReach?.(row.engineer._id)}
                pending={props.pendingOf?.(row.engineer._id)}
              />
            ))}
            {span && spanTop !== null ? (
              <div
                id="schedule-cursor"
                className={`schedule-span${dragged ? ' is-dragging' : ''}`}
                role="gridcell"
                aria-selected="true"
                aria-label={spanLabel}
                style={{ top: spanTop + 2, left: span.from * columnWidth, width: (span.to - span.from + 1) * columnWidth, height: ROW_HEIGHT - 4 }}
                data-testid="schedule-cursor"
                data-row={span.row}
                data-from={span.from}
                data-to={span.to}
              />
            ) : null}
            {lasso ? <div className="schedule-lasso" style={lassoBox(lasso)} data-testid="schedule-lasso" /> : null}
          </div>
        </div>
      </div>
      <GridTip container={scrollRef} describe={describe} />
    </div>
  );
}

const sameSpan = (a: CellSpan | null, b: CellSpan | null) => a === b || (a !== null && b !== null && a.row === b.row && a.from === b.from && a.to === b.to);
