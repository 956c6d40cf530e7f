import { CalendarOutlined, LockOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { memo, type ReactNode, useMemo } from 'react';
import type { CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { followsDefaults } from '../../../domain/capacity/engineer-days.ts';
import type { RecordedPeriod } from '../../../domain/actuals/shown.ts';
import { type PeriodFigures, rowFigure } from '../../components/grid/cellLook.ts';
import { cellsMarkup } from './cellsMarkup.ts';
import { nameSubline } from './scheduleText.ts';
import type { PendingBar } from './pendingDemand.ts';

type CellsProps = { periods: readonly PeriodFigures[]; ownDays: boolean; recorded: readonly (RecordedPeriod | null)[] | null };

/** One engineer's periods, drawn from markup (see cellsMarkup); worked out again only for new figures. */
export const EngineerCells = memo(function EngineerCells({ periods, ownDays, recorded }: CellsProps) {
  const html = useMemo(() => ({ __html: cellsMarkup(periods, ownDays, recorded) }), [periods, ownDays, recorded]);
  return <div className="schedule-cells" dangerouslySetInnerHTML={html} />;
});

type NameProps = {
  row: CapacityRow;
  /** What tells this person from another row of the same name (their e-mail); none when the name is theirs alone. */
  namesake?: string | undefined;
  top: number;
  height: number;
  sort: CapacitySortKey;
  compact: boolean;
  expanded: boolean;
  onToggle: (engineerId: string) => void;
  /** Book time off for this engineer (managers), offered under the name of an open row. */
  onBookTimeOff?: ((engineerId: string) => void) | undefined;
  /** Change the days they work: work week, holiday calendar, start and leave dates (managers). */
  onEditDays?: ((engineerId: string) => void) | undefined;
  /** Why the signed-in manager may not change this person (another team's), or null: their actions are off and say so. */
  outOfReach?: string | null;
};

/** An engineer's name, in the column that stays in view while the periods scroll sideways. */
export const EngineerName = memo(function EngineerName({ row, namesake, top, height, sort, compact, expanded, onToggle, onBookTimeOff, onEditDays, outOfReach = null }: NameProps) {
  const e = row.engineer;
  const figure = compact ? null : rowFigure(row, sort);
  return (
    <div className="schedule-name-cell" style={{ transform: `translateY(${top}px)`, height }} role="row" aria-label={e.name} data-testid="schedule-name" data-engineer={e.name} data-id={e._id} data-namesake={namesake}>
      {/* The name column stays in view apart from the periods, so the name is a row of its own (an
          ARIA row holds only cells): its one header cell wraps everything, without a box of its own. */}
      <div role="rowheader" style={{ display: 'contents' }}>
        <div className="schedule-name">
          <button
            type="button"
            className="schedule-toggle"
            onClick={() => onToggle(e._id)}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Close' : 'Open'} ${namesake ? `${e.name} (${namesake})` : e.name}'s assignments`}
            data-testid="schedule-toggle"
          />
          <span className="schedule-person" style={{ flex: 1 }}>
            <span className="name" title={`${e.name}, ${e.email}`}>
              {e.name}
            </span>
            <span className="sub" title={namesake ? `${namesake} · ${nameSubline(e, compact)}` : undefined}>
              {namesake ? <span data-testid="namesake-hint">{namesake} · </span> : null}
              {nameSubline(e, compact)}
            </span>
          </span>
          {figure ? (
            <span className="tabular" style={{ fontSize: 11, fontWeight: 600, color: figure.color, whiteSpace: 'nowrap' }}>
              {figure.text}
            </span>
          ) : null}
          {outOfReach ? (
            <Tooltip title={outOfReach}>
              <span data-testid="schedule-out-of-reach" data-engineer={e.name} style={{ marginLeft: 4 }}>
                <Button size="small" type="text" icon={<LockOutlined />} disabled aria-label={`${e.name} is out of your teams`} />
              </span>
            </Tooltip>
          ) : null}
        </div>
        {expanded && onBookTimeOff && !outOfReach ? (
          <Button
            size="small"
            type="link"
            icon={<CalendarOutlined />}
            onClick={() => onBookTimeOff(e._id)}
            style={{ fontSize: 12, marginLeft: compact ? 16 : 22 }}
            aria-label={`Book time off for ${e.name}`}
            data-testid="book-time-off"
          >
            {/* The phone's names column is 128 px: the long label was cut to 'Book time of'. */}
            {compact ? 'Time off' : 'Book time off'}
          </Button>
        ) : null}
        {expanded && onEditDays && !outOfReach ? (
          <Button
            size="small"
            type="link"
            icon={<ScheduleOutlined />}
            onClick={() => onEditDays(e._id)}
            style={{ fontSize: 12, marginLeft: compact ? 0 : 4 }}
            aria-label={`Change the days ${e.name} works`}
            data-testid="edit-work-days"
          >
            {compact ? 'Days' : 'Work days'}
          </Button>
        ) : null}
      </div>
    </div>
  );
});

type CellsRowProps = {
  /** The row's place in the grid (what the keyboard's cell and a drag across cells name). */
  index: number;
  row: CapacityRow;
  top: number;
  height: number;
  width: number;
  /** The open row's time off and assignment bars; none while the row is closed. */
  renderDetails: ((engineerId: string) => ReactNode) | null;
  /** A bar dragged over this row would go to this person. */
  dropTarget: boolean;
  /** The Actual mode: what each period shows of what was recorded (null: the plan); null when off. */
  recorded: readonly (RecordedPeriod | null)[] | null;
  /** Another team's person: no work is made from their cells (the server would refuse it). */
  outOfReach?: boolean;
  /** Open staffing requests for this person: demand that may come, hatched until answered. */
  pending?: readonly PendingBar[];
};

/**
 * An engineer's periods, and when the row is open, their time off and bars below on the same axis.
 * The details come as a function, not as drawn elements, so a row in view is not drawn again for
 * every frame of a scroll.
 */
export const EngineerRow = memo(function EngineerRow({ index, row, top, height, width, renderDetails, dropTarget, recorded, outOfReach = false, pending }: CellsRowProps) {
  const e = row.engineer;
  return (
    <div
      className={`schedule-row${dropTarget ? ' is-drop-target' : ''}${outOfReach ? ' is-out-of-reach' : ''}`}
      style={{ transform: `translateY(${top}px)`, width, height }}
      role="row"
      aria-label={e.name}
      data-testid="schedule-row"
      data-engineer={e.name}
      data-id={e._id}
      data-index={index}
      data-out-of-reach={outOfReach || undefined}
    >
      <EngineerCells periods={row.periods} ownDays={!followsDefaults(e)} recorded={recorded} />
      {pending?.map((p) => (
        <div key={p.id} className="schedule-pending" style={{ left: p.left, width: p.width }} title={p.label} aria-label={p.label} role="gridcell" data-testid="schedule-pending" data-project={p.project} />
      ))}
      {renderDetails ? renderDetails(e._id) : null}
    </div>
  );
});
