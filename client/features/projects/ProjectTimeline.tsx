import { useActorRef, useSelector } from '@xstate/react';
import { Typography } from 'antd';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef } from 'react';
import type { Assignment, Placeholder, Project } from '../../../domain/entities.ts';
import { assignmentStatus, type Dated } from '../../../domain/figures.ts';
import { OverloadConfirm } from '../../components/OverloadConfirm.tsx';
import { dropOverloads } from '../../lib/overloads.ts';
import { dateRange, percent } from '../../lib/format.ts';
import { barDragMachine, type DragEdge } from '../../machines/barDrag.machine.ts';
import type { RowAction } from '../../machines/rowAction.machine.ts';
import { assignmentsStore } from '../../stores/assignments.ts';
import { engineersStore } from '../../stores/engineers.ts';
import { shownPlan } from '../../stores/plan.ts';
import { barOf, daysDragged, draggedDates, timelineAxis, todayX, type TimelineAxis } from './projectTimeline.ts';
import { backgrounds, borderColors, palette, planningMarks, textColors } from '../../components/palette.ts';

type Props = {
  project: Project;
  /** The project's assignments, one row each. */
  assignments: readonly Assignment[];
  /** Its open roles, one dashed row each (not dragged: they are filled, edited or removed in their list). */
  placeholders: readonly Placeholder[];
  /** Managers on the live plan drag; everyone else reads. */
  canDrag: boolean;
  timeZone: string;
  isMobile: boolean;
  now: Date;
  /** A bar clicked: the edit form. */
  onOpen: (assignment: Assignment) => void;
  /** A bar dropped: the change, saved by the screen with the conflict dialog on a stale version. */
  onCommit: (action: RowAction) => void;
  /** The change being saved, so its bar stays where it was dropped until the saved data arrives. */
  running: RowAction | null;
};

const statusColors = { active: palette.primary, upcoming: textColors.quiet, completed: palette.done } as const;
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });
const EDGE_PX = 8;

/**
 * The project's timeline: a row per assignment (its person and role), a dashed row per open role, a
 * column per week and a line at today. A manager drags a bar to move it or an edge to change its
 * dates, snapped to whole days, with the same drag machine, preview and overload question as the
 * schedule; a click opens the edit form.
 */
export function ProjectTimeline({ project, assignments, placeholders, canDrag, timeZone, isMobile, now, onOpen, onCommit, running }: Props) {
  const dayWidth = isMobile ? 6 : 10;
  const labelWidth = isMobile ? 116 : 200;
  const axis = useMemo(() => timelineAxis([project, ...assignments, ...placeholders], timeZone, dayWidth), [project, assignments, placeholders, timeZone, dayWidth]);
  const axisRef = useRef<TimelineAxis>(axis);
  axisRef.current = axis;
  const zoneRef = useRef(timeZone);
  zoneRef.current = timeZone;

  const drag = useActorRef(barDragMachine, {
    input: {
      drag: (a, edge, days) => draggedDates(a, edge, days, zoneRef.current),
      plan: livePlan,
      // The schedule's question, by the same rule: the days the drop puts someone over capacity, and the peak.
      judge: (a, dates, target) => dropOverloads(shownPlan(), a, dates, target?._id ?? null, new Date(), zoneRef.current),
    },
  });
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;
  useEffect(() => {
    const subscriptions = [drag.on('open', ({ assignment }) => onOpenRef.current(assignment)), drag.on('commit', ({ action }) => onCommitRef.current(action))];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [drag]);
  useEffect(() => {
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && drag.send({ type: 'CANCEL' });
    window.addEventListener('keydown', escape);
    return () => window.removeEventListener('keydown', escape);
  }, [drag]);
  const held = useSelector(drag, (s) => (s.matches('dragging') || s.matches('confirming') ? s.context : null));
  const question = useSelector(drag, (s) => (s.matches('confirming') ? s.context : null));
  const start = useRef({ x: 0, y: 0 });

  const press = (event: ReactPointerEvent<HTMLDivElement>, a: Assignment) => {
    if (!canDrag || event.button !== 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const edge: DragEdge = box.width > 3 * EDGE_PX && x < EDGE_PX ? 'start' : box.width > 3 * EDGE_PX && x > box.width - EDGE_PX ? 'end' : 'move';
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, y: event.clientY };
    drag.send({ type: 'PRESS', assignment: a, edge, toDays: (dx) => daysDragged(axisRef.current, dx) });
  };
  const move = (event: ReactPointerEvent<HTMLDivElement>) => drag.send({ type: 'MOVE', dx: event.clientX - start.current.x, dy: event.clientY - start.current.y });

  const shownDates = (a: Assignment): Dated => {
    if (held?.assignment?._id === a._id && held.dates) return held.dates;
    if (running?.id === a._id && running.changes) return { startDate: running.changes.startDate as string ?? a.startDate, endDate: running.changes.endDate as string ?? a.endDate };
    return a;
  };
  const today = todayX(axis, now, timeZone);
  const rowHeight = 40;
  // The weeks around today in view at first (two weeks back), where the planning happens.
  const scroller = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const box = scroller.current;
    if (!box || scrolledFor.current === project._id || today === null) return;
    scrolledFor.current = project._id;
    box.scrollLeft = Math.max(0, today - 14 * dayWidth);
  }, [project._id, today, dayWidth]);

  return (
    <div data-testid="project-page-timeline">
      {/* Focusable, so a keyboard can scroll the weeks sideways where the timeline holds nothing to tab to (a reader's view). */}
      <div ref={scroller} style={{ overflowX: 'auto', border: `1px solid ${borderColors.control}`, borderRadius: 8 }} tabIndex={0} role="region" aria-label="Timeline" data-testid="timeline-scroll">
        <div style={{ display: 'grid', gridTemplateColumns: `${labelWidth}px ${axis.width}px`, minWidth: labelWidth + axis.width, position: 'relative' }}>
          <div style={{ position: 'sticky', left: 0, zIndex: 3, background: backgrounds.subtle, borderBottom: `1px solid ${borderColors.control}`, padding: '6px 10px', fontSize: 12, color: palette.muted }}>
            Who
          </div>
          <div style={{ position: 'relative', height: 30, background: backgrounds.subtle, borderBottom: `1px solid ${borderColors.control}` }}>
            {axis.weeks.map((week) => (
              <span key={week.day} style={{ position: 'absolute', left: week.left + 4, top: 7, fontSize: 11, color: palette.muted, whiteSpace: 'nowrap' }}>
                {week.label}
              </span>
            ))}
          </div>
          {assignments.map((a) => {
            const dates = shownDates(a);
            const bar = barOf(axis, dates, timeZone);
            const status = assignmentStatus(a, now, timeZone);
            const dragging = held?.assignment?._id === a._id;
            return (
              <Row key={a._id} labelWidth={labelWidth} axis={axis} today={today} height={rowHeight}
                label={
                  <>
                    <div style={{ fontWeight: 600, fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{a.engineerId.name}</div>
                    <div style={{ fontSize: 11, color: palette.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{a.role}</div>
                  </>
                }
              >
                <div
                  role={canDrag ? 'button' : undefined}
                  tabIndex={canDrag ? 0 : undefined}
                  aria-label={`${a.engineerId.name}, ${a.role}, ${percent(a.allocationPercentage)}, ${dateRange(dates.startDate, dates.endDate)}`}
                  title={`${a.engineerId.name} · ${a.role} · ${percent(a.allocationPercentage)} · ${dateRange(dates.startDate, dates.endDate)}`}
                  data-testid="timeline-bar"
                  data-assignment={a._id}
                  data-engineer={a.engineerId.name}
                  onPointerDown={(event) => press(event, a)}
                  onPointerMove={move}
                  onPointerUp={() => drag.send({ type: 'RELEASE' })}
                  onPointerCancel={() => drag.send({ type: 'CANCEL' })}
                  onKeyDown={(event) => event.key === 'Enter' && onOpen(a)}
                  style={{
                    position: 'absolute',
                    left: bar.left,
                    width: bar.width,
                    top: 7,
                    height: rowHeight - 14,
                    borderRadius: 6,
                    background: statusColors[status],
                    opacity: dragging ? 0.85 : 1,
                    outline: dragging ? `2px solid ${palette.text}` : undefined,
                    border: project.tentative ? `2px dashed ${planningMarks.tentativeOutline}` : undefined,
                    color: textColors.onFill,
                    fontSize: 11,
                    lineHeight: `${rowHeight - 14}px`,
                    padding: '0 8px',
                    // clip, not hidden: hidden would make the bar a scroll box, and its label could not stick.
                    overflow: 'clip',
                    whiteSpace: 'nowrap',
                    cursor: canDrag ? 'grab' : 'default',
                    touchAction: canDrag ? 'none' : undefined,
                    userSelect: 'none',
                    boxSizing: 'border-box',
                  }}
                >
                  {/* The label stays in view beside the names while a long bar scrolls past them. */}
                  <span style={{ position: 'sticky', left: labelWidth + 8 }}>
                    {percent(a.allocationPercentage)}
                    {bar.width > 120 ? ` · ${dateRange(dates.startDate, dates.endDate)}` : ''}
                  </span>
                </div>
              </Row>
            );
          })}
          {placeholders.map((p) => {
            const bar = barOf(axis, p, timeZone);
            return (
              <Row key={p._id} labelWidth={labelWidth} axis={axis} today={today} height={rowHeight}
                label={
                  <>
                    <div style={{ fontWeight: 600, fontSize: 13, color: planningMarks.openRole.label }}>Open role</div>
                    <div style={{ fontSize: 11, color: palette.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.role}</div>
                  </>
                }
              >
                <div
                  data-testid="timeline-open-role"
                  title={`Open role: ${p.role} · ${percent(p.allocationPercentage)} · ${dateRange(p.startDate, p.endDate)}`}
                  style={{
                    position: 'absolute', left: bar.left, width: bar.width, top: 7, height: rowHeight - 14, borderRadius: 6,
                    border: `2px dashed ${planningMarks.openRole.border}`, background: planningMarks.openRole.background, color: planningMarks.openRole.color, fontSize: 11, lineHeight: `${rowHeight - 18}px`,
                    padding: '0 8px', overflow: 'hidden', whiteSpace: 'nowrap', boxSizing: 'border-box',
                  }}
                >
                  {percent(p.allocationPercentage)}
                </div>
              </Row>
            );
          })}
        </div>
      </div>
      {held?.dates && held.assignment ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 13 }} data-testid="drag-preview">
          {held.assignment.engineerId.name}: {dateRange(held.dates.startDate, held.dates.endDate)}
          {held.impact ? ` · ${held.impact.text}` : ''}
        </Typography.Text>
      ) : canDrag && assignments.length > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          Drag a bar to move it, an end to change its dates; click it to edit.
        </Typography.Text>
      ) : null}
      <OverloadConfirm
        overloads={question ? question.overloads : null}
        action={question?.assignment && question.dates ? `${question.assignment.engineerId.name} on ${project.name}: ${dateRange(question.dates.startDate, question.dates.endDate)}.` : undefined}
        onConfirm={() => drag.send({ type: 'CONFIRM' })}
        onCancel={() => drag.send({ type: 'BACK' })}
      />
    </div>
  );
}

type RowProps = { label: React.ReactNode; labelWidth: number; axis: TimelineAxis; today: number | null; height: number; children: React.ReactNode };

/** One row: its label, kept in view while the weeks scroll, and the weeks with today's line behind the bar. */
function Row({ label, axis, today, height, children }: RowProps) {
  return (
    <>
      <div style={{ position: 'sticky', left: 0, zIndex: 2, background: palette.surface, borderBottom: `1px solid ${borderColors.faint}`, padding: '4px 10px', height, boxSizing: 'border-box', lineHeight: 1.3 }}>
        {label}
      </div>
      <div style={{ position: 'relative', height, borderBottom: `1px solid ${borderColors.faint}` }}>
        {axis.weeks.map((week) => (
          <span key={week.day} aria-hidden="true" style={{ position: 'absolute', left: week.left, top: 0, bottom: 0, borderLeft: `1px solid ${borderColors.faint}` }} />
        ))}
        {today !== null ? <span aria-hidden="true" style={{ position: 'absolute', left: today, top: 0, bottom: 0, borderLeft: `2px solid ${planningMarks.today}`, opacity: 0.6 }} /> : null}
        {children}
      </div>
    </>
  );
}
