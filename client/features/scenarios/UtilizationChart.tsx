import { Line } from '@ant-design/charts';
import type { chartPoints } from './compareRows.ts';
import { chartColors } from '../../components/palette.ts';

const colors = { Live: chartColors.live, Scenario: chartColors.booked };

/** Utilisation per week, the live plan and the scenario as two lines (loaded on its own: the chart library is large). */
export default function UtilizationChart({ points, height = 240 }: { points: ReturnType<typeof chartPoints>; height?: number }) {
  return (
    <Line
      height={height}
      autoFit
      data={points}
      xField="week"
      yField="utilization"
      colorField="plan"
      scale={{ color: { domain: ['Live', 'Scenario'], range: [colors.Live, colors.Scenario] }, y: { domainMin: 0, nice: true } }}
      axis={{ y: { title: 'Utilisation (%)', gridLineDash: [3, 3] }, x: { title: false } }}
      style={{ lineWidth: 2.5 }}
      legend={{ color: { position: 'top' } }}
      tooltip={{ items: [(d: { plan: string; utilization: number }) => ({ name: d.plan, value: `${d.utilization}%` })] }}
    />
  );
}
