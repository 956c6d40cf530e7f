import { Alert, Button, Skeleton, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { type CellStatus, type LoadPeriod, weekCell } from './weekCells.ts';
import { loadBadgeTones, palette } from './palette.ts';

const looks: Record<CellStatus, { background: string; color: string; border: string }> = loadBadgeTones;

// Tentative work shows as diagonal stripes over the cell, as on the schedule.
const hatch = 'repeating-linear-gradient(135deg, rgba(100,116,139,0.16) 0 4px, transparent 4px 8px)';

type Props = {
  periods: readonly LoadPeriod[] | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Utilisation points to add to every week: the preview of the assignment being made. */
  addPoints?: number;
  /** Several rows of cells on a screen each get their own. */
  testId?: string;
  cellWidth?: number;
};

/**
 * Someone's load week by week: one cell per week with its utilisation, coloured by status (red over,
 * green optimal, blue under, grey off), tentative work hatched, a tooltip saying what makes the figure.
 */
export function WeekLoadCells({ periods, loading = false, error = null, onRetry, addPoints = 0, testId = 'week-cells', cellWidth = 58 }: Props) {
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={`The weekly load could not be loaded: ${error}`}
        action={onRetry ? <Button size="small" onClick={onRetry}>Retry</Button> : undefined}
      />
    );
  }
  if (!periods) return loading ? <Skeleton.Input active block style={{ height: 50 }} /> : null;
  return (
    <div
      role="list"
      aria-label="Load per week"
      aria-busy={loading || undefined}
      style={{ display: 'flex', gap: 4, overflowX: 'auto', paddingBottom: 2, opacity: loading ? 0.6 : 1 }}
      data-testid={testId}
    >
      {periods.map((period) => {
        const cell = weekCell(period, addPoints);
        const look = looks[cell.status];
        const style: CSSProperties = {
          flex: `0 0 ${cellWidth}px`,
          textAlign: 'center',
          borderRadius: 8,
          border: `1px solid ${look.border}`,
          background: cell.tentative ? `${hatch}, ${look.background}` : look.background,
          color: look.color,
          padding: '4px 2px',
          lineHeight: 1.25,
        };
        return (
          <Tooltip key={cell.key} title={cell.details.map((line) => <div key={line}>{line}</div>)}>
            <div role="listitem" style={style} data-week={cell.key} data-status={cell.status} data-testid="week-cell" tabIndex={0}>
              <div style={{ fontSize: 10, color: palette.muted }}>{cell.label}</div>
              <div className="tabular" style={{ fontWeight: 650, fontSize: 13 }}>
                {cell.text}
              </div>
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
