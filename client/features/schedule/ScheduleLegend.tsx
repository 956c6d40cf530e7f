import { cellTones, legendTones, TENTATIVE_HATCH, unfilledLegend } from '../../components/schedule/cellLook.ts';

const swatch = (background: string, border = '1px solid rgba(15,23,42,0.08)') => (
  <span aria-hidden="true" style={{ width: 14, height: 10, borderRadius: 3, background, display: 'inline-block', border, boxSizing: 'border-box' }} />
);


/** A phone's legend says the same in fewer letters, on one line. */
const shortLabels: Record<string, string> = { overloaded: '>100%', optimal: '50-100%', underutilized: '<50%', empty: 'Free', off: 'Away', unfilled: 'Not filled' };

/**
 * What the colours, the hatching and the grey band of the cells mean; in the Actual mode (`actual`),
 * also that past periods read recorded hours, and the dashed look of those nobody filled.
 */
export function ScheduleLegend({ compact = false, actual = false }: { compact?: boolean; actual?: boolean }) {
  const [unfilledTone, unfilledLabel] = unfilledLegend;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: compact ? '2px 8px' : '4px 12px', alignItems: 'center', fontSize: compact ? 11 : 12, color: '#475569' }} data-testid="schedule-legend">
      {actual ? (
        <span style={{ fontWeight: 600, color: '#334155' }} data-testid="schedule-legend-actual">
          {compact ? 'Past: hours done' : 'Past weeks: hours recorded'}
        </span>
      ) : null}
      {legendTones.map(([tone, label]) => (
        <span key={tone} style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }} title={label}>
          {swatch(cellTones[tone].background)}
          {compact ? (shortLabels[tone] ?? label) : label}
        </span>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }}>
        {swatch(`${TENTATIVE_HATCH}, #ffffff`)}
        Tentative
      </span>
      {actual ? (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 3 : 5 }} title={unfilledLabel}>
          {swatch(cellTones[unfilledTone].background, '1px dashed #94a3b8')}
          {unfilledLabel}
        </span>
      ) : null}
    </div>
  );
}
