import { RightOutlined } from '@ant-design/icons';
import { memo, type ReactNode } from 'react';
import type { CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { capitalize, percent } from '../../lib/format.ts';
import { cellLook, cellTones, type PeriodFigures, TENTATIVE_HATCH } from './cellLook.ts';

type CellsProps = { periods: readonly PeriodFigures[]; width: number; includeTentative: boolean };

/** One engineer's periods: load in percent, coloured by status, tentative hatched, days off grey. */
export const EngineerCells = memo(function EngineerCells({ periods, width, includeTentative }: CellsProps) {
  return (
    <div className="schedule-cells">
      {periods.map((p) => {
        const look = cellLook(p, includeTentative);
        const tone = cellTones[look.tone];
        return (
          <div
            key={p.key}
            className="schedule-cell"
            style={{ width }}
            role="gridcell"
            data-period={p.key}
            data-status={look.tone}
            data-label={look.label}
            data-tip={look.lines.join('\n')}
            aria-label={`${p.key}: ${look.label || 'no working day'}`}
          >
            <span style={{ background: look.hatched ? `${TENTATIVE_HATCH}, ${tone.background}` : tone.background, color: tone.color }} data-hatched={look.hatched || undefined}>
              {look.label}
              {look.offShare > 0 ? <i className="off-band" style={{ width: `${look.offShare * 100}%` }} /> : null}
            </span>
          </div>
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
  columnWidth: number;
  includeTentative: boolean;
  sort: CapacitySortKey;
  compact: boolean;
  expanded: boolean;
  onToggle: (engineerId: string) => void;
  /** The open row's assignment bars and time off. */
  details: ReactNode;
};

/** One engineer: name and the period cells, and when open, their bars below. */
export const ScheduleRow = memo(function ScheduleRow(props: RowProps) {
  const { row, top, width, nameWidth, columnWidth, includeTentative, sort, compact, expanded, onToggle, details } = props;
  const e = row.engineer;
  const figure = compact ? null : rowFigure(row, sort);
  return (
    <div className="schedule-row" style={{ transform: `translateY(${top}px)`, width }} role="row" data-testid="schedule-row" data-engineer={e.name}>
      <div className="schedule-line" style={{ background: 'inherit' }}>
        <div className="schedule-name" style={{ width: nameWidth, height: 44 }} role="rowheader">
          <button
            type="button"
            onClick={() => onToggle(e._id)}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Close' : 'Open'} ${e.name}'s assignments`}
            data-testid="schedule-toggle"
            style={{ border: 0, background: 'none', padding: 4, cursor: 'pointer', color: '#64748b', flex: 'none' }}
          >
            <RightOutlined style={{ fontSize: 10, transition: 'transform 0.15s', transform: expanded ? 'rotate(90deg)' : undefined }} />
          </button>
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
        <EngineerCells periods={row.periods} width={columnWidth} includeTentative={includeTentative} />
      </div>
      {expanded ? details : null}
    </div>
  );
});
