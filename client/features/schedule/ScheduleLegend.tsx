import { cellTones, legendTones, TENTATIVE_HATCH } from './cellLook.ts';

const swatch = (background: string) => (
  <span aria-hidden="true" style={{ width: 14, height: 10, borderRadius: 3, background, display: 'inline-block', border: '1px solid rgba(15,23,42,0.08)' }} />
);


/** What the colours, the hatching and the grey band of the cells mean. */
export function ScheduleLegend() {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center', fontSize: 12, color: '#475569' }} data-testid="schedule-legend">
      {legendTones.map(([tone, label]) => (
        <span key={tone} style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
          {swatch(cellTones[tone].background)}
          {label}
        </span>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
        {swatch(`${TENTATIVE_HATCH}, #ffffff`)}
        Tentative
      </span>
    </div>
  );
}
