import { type CSSProperties, memo, type ReactNode } from 'react';
import type { CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { capitalize, percent } from '../../lib/format.ts';
import { cellLook, type PeriodFigures } from './cellLook.ts';

type CellsProps = { periods: readonly PeriodFigures[] };

/**
 * One engineer's periods: load in percent, coloured by status, tentative hatched, days off grey.
 * One element per cell, its look from classes and the grid's variables: rows are drawn as they
 * scroll into view, thousands of cells a second.
 */
export const EngineerCells = memo(function EngineerCells({ periods }: CellsProps) {
  return (
    <div className="schedule-cells">
      {periods.map((p, index) => {
        const look = cellLook(p);
        return (
          <span
            key={p.key}
            className={`schedule-cell t-${look.tone}${look.hatched ? ' hatched' : ''}${look.offShare > 0 ? ' away' : ''}`}
            role="gridcell"
            data-p={index}
            data-status={look.tone}
            style={look.offShare > 0 ? ({ '--off': `${look.offShare * 100}%` } as CSSProperties) : undefined}
          >
            {look.label}
          </span>
        );
      })}
    </div>
  );
});

/** The figure beside a name: what the rows are sorted by, or the peak. */
function rowFigure(row: CapacityRow, sort: CapacitySortKey): { text: string; color: string } | null {
  if (sort === 'free') return row.minFree === null ? null : { text: `${percent(Math.round(row.minFree))} free`, color: row.minFree > 0 ? '#15803d' : '#b91c1c' };
  if (row.peakUtilization === null) return null;
  return { text: `peak ${percent(Math.round(row.peakUtilization))}`, color: row.peakUtilization > 100 ? '#b91c1c' : '#64748b' };
}

type RowProps = {
  row: CapacityRow;
  top: number;
  width: number;
  nameWidth: number;
  sort: CapacitySortKey;
  compact: boolean;
  expanded: boolean;
  onToggle: (engineerId: string) => void;
  /** The open row's assignment bars and time off. */
  details: ReactNode;
};

/** One engineer: name and the period cells, and when open, their bars below. */
export const ScheduleRow = memo(function ScheduleRow(props: RowProps) {
  const { row, top, width, nameWidth, sort, compact, expanded, onToggle, details } = props;
  const e = row.engineer;
  const figure = compact ? null : rowFigure(row, sort);
  return (
    <div className="schedule-row" style={{ transform: `translateY(${top}px)`, width }} role="row" data-testid="schedule-row" data-engineer={e.name} data-id={e._id}>
      <div className="schedule-line" style={{ background: 'inherit' }}>
        <div className="schedule-name" style={{ width: nameWidth, height: 44 }} role="rowheader">
          <button
            type="button"
            className="schedule-toggle"
            onClick={() => onToggle(e._id)}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Close' : 'Open'} ${e.name}'s assignments`}
            data-testid="schedule-toggle"
          />
          <span className="schedule-person" style={{ flex: 1 }}>
            <span className="name" title={e.name}>
              {e.name}
            </span>
            <span className="sub">
              {capitalize(e.seniority)}
              {e.maxCapacity !== 100 ? ` · ${percent(e.maxCapacity)}` : ''}
              {compact ? '' : ` · ${e.department}`}
            </span>
          </span>
          {figure ? (
            <span className="tabular" style={{ fontSize: 11, fontWeight: 600, color: figure.color, whiteSpace: 'nowrap' }}>
              {figure.text}
            </span>
          ) : null}
        </div>
        <EngineerCells periods={row.periods} />
      </div>
      {expanded ? details : null}
    </div>
  );
});
