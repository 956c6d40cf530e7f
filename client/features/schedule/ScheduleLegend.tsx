import { cellTones, legendTones, TENTATIVE_HATCH } from '../../components/schedule/cellLook.ts';

const swatch = (background: string) => (
  <span aria-hidden="true" style={{ width: 14, height: 10, borderRadius: 3, background, display: 'inline-block', border: '1px solid rgba(15,23,42,0.08)' }} />
);


/** A phone's legend says the same in fewer letters, on one line. */
const shortLabels: Record<string, string> = { overloaded: '>100%', optimal: '50-100%', underutilized: '<50%', empty: 'Free', off: 'Away' };

/** What the colours, the hatching and the grey band of the cells mean. */
export function ScheduleLegend({ compact = false }: { compact?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: compact ? '2px 8px' : '4px 12px', alignItems: 'center', fontSize: compact ? 11 : 12, color: '#475569' }} data-testid="schedule-legend">
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
    </div>
  );
}
