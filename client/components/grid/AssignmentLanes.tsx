import { useSelector } from '@xstate/react';
import { type KeyboardEvent, memo, type PointerEvent, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import type { Assignment, TimeOff } from '../../../domain/entities.ts';
import type { Dated } from '../../../domain/figures.ts';
import { avatarColor } from '../avatarColor.ts';
import { capitalize, percent, plural, shortDate } from '../../lib/format.ts';
import type { barDragMachine, DragEdge } from '../../machines/barDrag.machine.ts';
import type { barSelectionMachine } from '../../machines/barSelection.machine.ts';
import type { RowAction } from '../../machines/rowAction.machine.ts';
import { barGeometry, daysDragged, daysOffGeometry, daysOf, type ScheduleAxis } from './axis.ts';
import { TENTATIVE_HATCH, timeOffLine } from './cellLook.ts';
import { engineerAt } from './pointerTargets.ts';
import { backgrounds, borderColors, palette, planningMarks, textColors } from '../palette.ts';

export type BarDragActor = Actor<typeof barDragMachine>;
export type BarSelectionActor = Actor<typeof barSelectionMachine>;

/** Heights of an open row's parts: the line that explains (or previews a drag), and one lane per bar. */
export const INFO_HEIGHT = 26;
export const LANE_HEIGHT = 28;
const PADDING = 8;

/**
 * How tall an open row's details are, for the row virtualiser: a lane per row of bars, and one for time
 * off when there is any; the detailed mode leaves out the explaining line (the preview shows above the grid).
 */
export const detailsHeight = (lanes: number, hasTimeOff: boolean, withInfo = true) =>
  (withInfo ? INFO_HEIGHT : 0) + (Math.max(lanes, 1) + (hasTimeOff ? 1 : 0)) * LANE_HEIGHT + PADDING;

/**
 * Bars packed into lanes: each goes to the first lane whose last bar ends before it starts (they come
 * sorted by start), so bars that do not overlap share a lane and an open row is as short as its
 * busiest stretch. Returns each bar's lane, in the bars' order, and how many lanes there are.
 */
export function packLanes(spans: readonly { startDay: number; endDay: number }[]): { lanes: number[]; count: number } {
  const ends: number[] = [];
  const lanes = spans.map((span) => {
    let lane = ends.findIndex((end) => end <= span.startDay);
    if (lane === -1) lane = ends.length;
    ends[lane] = span.endDay;
    return lane;
  });
  return { lanes, count: ends.length };
}

/** An open row's bars, each with its lane. */
export type LaidOutBars = { bars: readonly Assignment[]; lanes: readonly number[]; count: number };

export const layOutBars = (bars: readonly Assignment[], timeZone: string): LaidOutBars => {
  const { lanes, count } = packLanes(bars.map((a) => daysOf(a, timeZone)));
  return { bars, lanes, count };
};

type Shared = {
  axis: ScheduleAxis;
  timeZone: string;
  canPlan: boolean;
  /** Why this row's bars may not be changed (a scoped manager's other team), or null: a press on one says it. */
  refusal?: string | null | undefined;
  drag: BarDragActor;
  selection: BarSelectionActor;
  /** A change of this engineer's being saved: its bar stays where it was dropped until the saved data arrives. */
  saving: RowAction | null;
  tentativeProjects: ReadonlySet<string>;
  onOpen: (a: Assignment) => void;
  /** Who or what a bar names: its project on a person's row (the default), its person on a project's. */
  nameOf?: ((a: Assignment) => string) | undefined;
};

const edgeOf = (target: EventTarget): DragEdge => ((target as HTMLElement).dataset?.edge as DragEdge | undefined) ?? 'move';

/** Where a dragged bar of a row is now: the bar and its dates (drawn there until the drop). */
type DraggedBar = { id: string; dates: Dated };
const sameDragged = (x: DraggedBar | null, y: DraggedBar | null) => x === y || (x !== null && y !== null && x.id === y.id && x.dates === y.dates);

type BarProps = Shared & {
  a: Assignment;
  lane: number;
  conflicted: boolean;
  /** Where the bar is dragged to now; null when it is not. */
  dragged: Dated | null;
  /** Chosen for a bulk edit. */
  chosen: boolean;
};

/**
 * One bar. It reads the drag and the choice from its row, not from the machines itself: a row
 * scrolled into view mounts all its bars at once, and each bar's own two subscriptions were made and
 * dropped with it. Drawn again only when its own props change.
 */
const AssignmentBar = memo(function AssignmentBar({ a, lane, conflicted, dragged, chosen, axis, timeZone, canPlan, refusal, drag, selection, saving, tentativeProjects, onOpen, nameOf }: BarProps) {
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const dates: Dated = dragged ?? (saving?.id === a._id && saving.changes ? { ...a, ...(saving.changes as Partial<Dated>) } : a);
  const geometry = barGeometry(dates, axis, timeZone);
  if (!geometry) return null;
  const tentative = tentativeProjects.has(a.projectId._id);
  const color = avatarColor(a.projectId.name);

  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    if (!canPlan) {
      // Another team's bar: the drag machine refuses with the reason instead of the server on save.
      if (refusal) drag.send({ type: 'PRESS', assignment: a, edge: 'move', toDays: () => 0, refusal });
      return;
    }
    // Not the grid's: a press on a bar never starts a new assignment or a lasso.
    event.stopPropagation();
    // Shift-click chooses the bar for a bulk edit (or lets it go).
    if (event.shiftKey) {
      selection.send({ type: 'TOGGLE', assignment: a });
      return;
    }
    const edge = edgeOf(event.target);
    const from = edge === 'end' ? Math.min(geometry.endDay, axis.endDay) : Math.max(geometry.startDay, axis.firstDay);
    event.currentTarget.setPointerCapture(event.pointerId);
    pressedAt.current = { x: event.clientX, y: event.clientY };
    drag.send({ type: 'PRESS', assignment: a, edge, toDays: (dx) => daysDragged(axis, from, dx) });
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = pressedAt.current;
    if (at === null) return;
    // Whose row the pointer is over: the whole bar dropped there hands it to them.
    drag.send({ type: 'MOVE', dx: event.clientX - at.x, dy: event.clientY - at.y, engineerId: engineerAt(event.clientX, event.clientY) });
  };
  const release = (type: 'RELEASE' | 'CANCEL') => () => {
    if (pressedAt.current === null) return;
    pressedAt.current = null;
    drag.send({ type });
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    if (canPlan && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      event.stopPropagation();
      // Shift+Space chooses it for a bulk edit, as Shift-click does.
      if (event.shiftKey) selection.send({ type: 'TOGGLE', assignment: a });
      else onOpen(a);
    }
    if (event.key === 'Escape') release('CANCEL')();
  };

  const radius = `${geometry.clippedStart ? 0 : 5}px ${geometry.clippedEnd ? 0 : 5}px ${geometry.clippedEnd ? 0 : 5}px ${geometry.clippedStart ? 0 : 5}px`;
  return (
    <div
      className={`schedule-bar${canPlan ? ' can-drag' : ''}${dragged ? ' is-dragging' : ''}${chosen ? ' is-chosen' : ''}${conflicted ? ' has-conflict' : ''}`}
      style={{
        left: geometry.left,
        width: Math.max(geometry.width, 6),
        top: lane * LANE_HEIGHT + 3,
        background: tentative ? `${TENTATIVE_HATCH}, ${color}` : color,
        borderRadius: radius,
      }}
      role={canPlan ? 'button' : undefined}
      tabIndex={canPlan ? 0 : undefined}
      aria-label={`${a.projectId.name}, ${a.role}, ${percent(a.allocationPercentage)}, ${shortDate(dates.startDate)} to ${shortDate(dates.endDate)}`}
      aria-pressed={canPlan ? chosen : undefined}
      data-chosen={chosen ? 'true' : undefined}
      data-testid="schedule-bar"
      data-assignment={a._id}
      data-project={a.projectId.name}
      data-conflict={conflicted ? 'true' : undefined}
      data-engineer-id={a.engineerId._id}
      data-tip={`${a.projectId.name}${tentative ? ' (tentative)' : ''}${nameOf ? ` · ${a.engineerId.name}` : ''}\n${a.role} · ${percent(a.allocationPercentage)}\n${shortDate(dates.startDate)} - ${shortDate(dates.endDate)}${conflicted ? `\n${CONFLICT_TIP}` : ''}`}
      onPointerDown={press}
      onPointerMove={move}
      onPointerUp={release('RELEASE')}
      onPointerCancel={release('CANCEL')}
      onKeyDown={key}
    >
      {canPlan && !geometry.clippedStart ? <span className="edge start" data-edge="start" aria-hidden="true" /> : null}
      {/* One text node, not four: fewer nodes to make and remove as rows scroll by. */}
      {`${conflicted ? '⚠ ' : ''}${nameOf ? nameOf(a) : a.projectId.name} · ${percent(a.allocationPercentage)}`}
      {canPlan && !geometry.clippedEnd ? <span className="edge end" data-edge="end" aria-hidden="true" /> : null}
    </div>
  );
});

/** The line above the bars when no drag is on: how to use them (a phone shows about 200 px of it), or how many there are. */
function hintOf(count: number, canPlan: boolean, compact: boolean): string {
  if (count === 0) return canPlan && !compact ? 'No assignments in this window: drag across the cells above to add one' : 'No assignments in this window';
  if (!canPlan) return `${plural(count, 'assignment')} in this window`;
  return compact ? 'Drag to move; tap to edit' : 'Drag to move, onto another row to hand over, or by its ends to change dates; click to edit, Shift-click to choose several';
}

/** What a drag in progress does, in words: its dates, and to whom it goes and what that does to them. */
export function dragText(preview: { dates: Dated; impact: { text: string } | null; target: { name: string } | null }): string {
  const to = preview.target ? `To ${preview.target.name}: ` : '';
  return `${to}${shortDate(preview.dates.startDate)} - ${shortDate(preview.dates.endDate)}${preview.impact ? ` · ${preview.impact.text}` : ''}`;
}

/** What the line above the bars says: how to use them, or what the drag in progress does to the engineer. */
function InfoLine({ drag, engineerId, count, canPlan, left, compact }: { drag: BarDragActor; engineerId: string; count: number; canPlan: boolean; left: number; compact: boolean }) {
  const preview = useSelector(drag, (s) =>
    !s.matches('idle') && s.context.assignment?.engineerId._id === engineerId && s.context.dates
      ? { impact: s.context.impact, dates: s.context.dates, target: s.context.target }
      : null,
  (x, y) => x?.impact === y?.impact && x?.dates === y?.dates && x?.target === y?.target);
  const text = preview ? dragText(preview) : hintOf(count, canPlan, compact);
  const overloaded = preview?.impact?.overloaded === true;
  return (
    // Sticks just right of the names, so it stays readable while the periods scroll sideways.
    <div style={{ position: 'sticky', left, height: INFO_HEIGHT, display: 'inline-flex', alignItems: 'center', padding: '0 12px', whiteSpace: 'nowrap' }}>
      <span style={{ fontSize: 12, color: overloaded ? palette.danger : textColors.quiet, fontWeight: overloaded ? 600 : 400 }} data-testid={preview ? 'drag-preview' : undefined}>
        {text}
      </span>
    </div>
  );
}

/** A bar with work on days the person does not work: time off, before they start or after they leave. */
const CONFLICT_TIP = 'Planned on days they are away or not employed (not counted)';

type LanesProps = Shared & {
  engineerId: string;
  /** The bars with work on such days (the model's conflicts). */
  conflicted: ReadonlySet<string>;
  laidOut: LaidOutBars;
  timeOff: readonly TimeOff[];
  /** The detailed mode: no explaining line (the drag preview shows above the grid). */
  detailed: boolean;
  /** The names column's width: where the explaining line sticks. */
  nameWidth: number;
  /** A phone: the explaining line says less. */
  compact: boolean;
  todayX: number | null;
};

/** The engineer's time off on the axis: grey, named by kind (and note in the tooltip). */
function TimeOffLane({ timeOff, axis }: { timeOff: readonly TimeOff[]; axis: ScheduleAxis }) {
  return (
    <>
      {timeOff.map((t) => {
        const geometry = daysOffGeometry(t, axis);
        if (!geometry) return null;
        return (
          <div
            key={t._id}
            className="schedule-away"
            style={{ left: geometry.left, width: Math.max(geometry.width, 6), top: 3 }}
            data-testid="schedule-time-off"
            data-tip={timeOffLine(t)}
          >
            {capitalize(t.kind)}
          </div>
        );
      })}
    </>
  );
}

/** An open row: its time off, then its bars in the window packed into lanes (sorted by start), on the same axis as the cells. */
export function AssignmentLanes({ engineerId, laidOut, conflicted, timeOff, nameWidth, compact, todayX, detailed, ...shared }: LanesProps) {
  const { axis, canPlan, drag, selection } = shared;
  const first = timeOff.length > 0 ? 1 : 0;
  const info = detailed ? 0 : INFO_HEIGHT;
  // The drag and the choice, read once for the row: which of its bars is dragged, and which are chosen.
  const ids = useMemo(() => new Set(laidOut.bars.map((a) => a._id)), [laidOut]);
  const dragged = useSelector(
    drag,
    (s) => {
      const held = s.context.assignment;
      return !s.matches('idle') && held && s.context.dates && ids.has(held._id) ? { id: held._id, dates: s.context.dates } : null;
    },
    sameDragged,
  );
  const chosenIds = useSelector(selection, (s) => chosenAmong(s.context.selected, ids));
  const chosen = useMemo(() => new Set(chosenIds.split(' ')), [chosenIds]);
  return (
    <div style={{ position: 'relative', height: detailsHeight(laidOut.count, first > 0, !detailed), background: backgrounds.details, borderTop: `1px dashed ${borderColors.control}` }} data-testid="schedule-details">
      {detailed ? null : <InfoLine drag={drag} engineerId={engineerId} count={laidOut.bars.length} canPlan={canPlan} left={nameWidth} compact={compact} />}
      <div
        className="schedule-lanes"
        style={{
          position: 'absolute',
          top: info,
          bottom: 0,
          left: 0,
          width: axis.width,
          backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent ${axis.columnWidth - 1}px, ${borderColors.gridLine} ${axis.columnWidth - 1}px, ${borderColors.gridLine} ${axis.columnWidth}px)`,
        }}
      >
        {todayX !== null ? <div style={{ position: 'absolute', top: 0, bottom: 0, left: todayX, width: 2, background: planningMarks.todayLane }} aria-hidden="true" /> : null}
        {first > 0 ? <TimeOffLane timeOff={timeOff} axis={axis} /> : null}
        {laidOut.bars.map((a, index) => (
          <AssignmentBar
            key={a._id}
            a={a}
            lane={laidOut.lanes[index]! + first}
            conflicted={conflicted.has(a._id)}
            dragged={dragged?.id === a._id ? dragged.dates : null}
            chosen={chosen.has(a._id)}
            {...shared}
          />
        ))}
      </div>
    </div>
  );
}

/** The ids of the chosen bars among `ids`, in one string: a row is drawn again only when the choice of its own bars changes. */
export function chosenAmong(selected: readonly { _id: string }[], ids: ReadonlySet<string>): string {
  let found = '';
  for (const a of selected) if (ids.has(a._id)) found = found ? `${found} ${a._id}` : a._id;
  return found;
}
