import { cellTones, legendTones, TENTATIVE_HATCH, unfilledLegend } from '../../components/grid/cellLook.ts';
import { palette, textColors } from '../../components/palette.ts';

const swatch = (background: string, border = '1px solid rgba(15,23,42,0.08)', boxShadow?: string) => (
  <span aria-hidden="true" style={{ width: 14, height: 10, borderRadius: 3, background, display: 'inline-block', border, boxSizing: 'border-box', boxShadow }} />
);

/** The overload's swatch carries the cells' mark of a day over capacity (grid.css, `.over`). */
const OVER_MARK = `inset 0 2px 0 ${palette.danger}`;


/** A phone's legend says the same in fewer letters, on one line. */
const shortLabels: Record<string, string> = { overloaded: '>100%', optimal: '50-100%', underutilized: '<50%', empty: 'Free', off: 'Away', unfilled: 'Not filled' };

/**
 * What the colours, the hatching and the grey band of the cells mean; in the Actual mode (`actual`),
 * also that past periods read recorded hours, and the dashed look of those nobody filled.
 */
export function ScheduleLegend({ compact = false, actual = false }: { compact?: boolean; actual?: boolean }) {
  const [unfilledTone, unfilledLabel] = unfilledLegend;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: compact ? '2px 8px' : '4px 12px', alignItems: 'center', fontSize: compact ? 11 : 12, color: textColors.label }} data-testid="schedule-legend">
      {actual ? (
        <span style={{ fontWeight: 600, color: textColors.body }} data-testid="schedule-legend-actual">
          {compact ? 'Past: hours done' : 'Past weeks: hours recorded'}
        </span>
      ) : null}
      {legendTones.map(([tone, label]) => (
        <span key={tone} style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }} title={label}>
          {swatch(cellTones[tone].background, undefined, tone === 'overloaded' ? OVER_MARK : undefined)}
          {compact ? (shortLabels[tone] ?? label) : label}
        </span>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }}>
        {swatch(`${TENTATIVE_HATCH}, ${palette.surface}`)}
        Tentative
      </span>
      {actual ? (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }} title={unfilledLabel}>
          {swatch(cellTones[unfilledTone].background, `1px dashed ${textColors.faint}`)}
          {unfilledLabel}
        </span>
      ) : null}
    </div>
  );
}
