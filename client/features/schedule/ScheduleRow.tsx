import { CalendarOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, type ReactNode, useMemo } from 'react';
import type { CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { followsDefaults } from '../../../domain/capacity/engineer-days.ts';
import type { RecordedPeriod } from '../../../domain/actuals/shown.ts';
import { type PeriodFigures, rowFigure } from '../../components/schedule/cellLook.ts';
import { cellsMarkup } from './cellsMarkup.ts';
import { nameSubline } from './scheduleText.ts';

type CellsProps = { periods: readonly PeriodFigures[]; ownDays: boolean; recorded: readonly (RecordedPeriod | null)[] | null };

/** One engineer's periods, drawn from markup (see cellsMarkup); worked out again only for new figures. */
export const EngineerCells = memo(function EngineerCells({ periods, ownDays, recorded }: CellsProps) {
  const html = useMemo(() => ({ __html: cellsMarkup(periods, ownDays, recorded) }), [periods, ownDays, recorded]);
  return <div className="schedule-cells" dangerouslySetInnerHTML={html} />;
});

type NameProps = {
  row: CapacityRow;
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
};

/** An engineer's name, in the column that stays in view while the periods scroll sideways. */
export const EngineerName = memo(function EngineerName({ row, top, height, sort, compact, expanded, onToggle, onBookTimeOff, onEditDays }: NameProps) {
  const e = row.engineer;
  const figure = compact ? null : rowFigure(row, sort);
  return (
    <div className="schedule-name-cell" style={{ transform: `translateY(${top}px)`, height }} role="rowheader" data-testid="schedule-name" data-engineer={e.name} data-id={e._id}>
      <div className="schedule-name">
        <button
          type="button"
          className="schedule-toggle"
          onClick={() => onToggle(e._id)}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Close' : 'Open'} ${e.name}'s assignments`}
          data-testid="schedule-toggle"
        />
        <span className="schedule-person" style={{ flex: 1 }}>
          <span className="name" title={`${e.name}, ${e.email}`}>
            {e.name}
          </span>
          <span className="sub">
            {nameSubline(e, compact)}
          </span>
        </span>
        {figure ? (
          <span className="tabular" style={{ fontSize: 11, fontWeight: 600, color: figure.color, whiteSpace: 'nowrap' }}>
            {figure.text}
          </span>
        ) : null}
      </div>
      {expanded && onBookTimeOff ? (
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
      {expanded && onEditDays ? (
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
};

/**
 * An engineer's periods, and when the row is open, their time off and bars below on the same axis.
 * The details come as a function, not as drawn elements, so a row in view is not drawn again for
 * every frame of a scroll.
 */
export const EngineerRow = memo(function EngineerRow({ index, row, top, height, width, renderDetails, dropTarget, recorded }: CellsRowProps) {
  const e = row.engineer;
  return (
    <div
      className={`schedule-row${dropTarget ? ' is-drop-target' : ''}`}
      style={{ transform: `translateY(${top}px)`, width, height }}
      role="row"
      aria-label={e.name}
      data-testid="schedule-row"
      data-engineer={e.name}
      data-id={e._id}
      data-index={index}
    >
      <EngineerCells periods={row.periods} ownDays={!followsDefaults(e)} recorded={recorded} />
      {renderDetails ? renderDetails(e._id) : null}
    </div>
  );
});
