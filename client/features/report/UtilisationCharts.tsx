import { Bar, Column, Line } from '@ant-design/charts';
import type { BandDatum, GroupBar, TrendDatum } from './reportView.ts';
import { chartColors } from '../../components/palette.ts';

const percentTick = (value: number) => `${value}%`;

/** Utilisation per period, the past solid and the forecast dashed, in one line. */
export function TrendChart({ data, height = 280 }: { data: TrendDatum[]; height?: number }) {
  return (
    <Line
      data={data}
      height={height}
      autoFit
      xField="period"
      yField="value"
      colorField="series"
      scale={{ color: { domain: ['Past', 'Forecast'], range: [chartColors.booked, chartColors.pending] }, y: { domainMin: 0 } }}
      style={{ lineWidth: 2, lineDash: (d: TrendDatum[]) => (d[0]?.series === 'Forecast' ? [6, 4] : [0, 0]) }}
      point={{ shapeField: 'circle', sizeField: 3 }}
      axis={{ y: { title: 'Utilisation (%)', labelFormatter: percentTick }, x: { title: null, labelAutoHide: true, labelAutoRotate: false } }}
      legend={{ color: { position: 'top' } }}
      tooltip={{ items: [(d: TrendDatum) => ({ name: d.series, value: `${d.value}%` })] }}
    />
  );
}

/** Each group's booked, tentative and bench person-days, stacked, one bar a group. */
export function GroupBarsChart({ data, height }: { data: GroupBar[]; height: number }) {
  return (
    <Bar
      data={data}
      height={height}
      autoFit
      xField="group"
      yField="value"
      colorField="kind"
      stack
      scale={{ color: { domain: ['Booked', 'Tentative', 'Bench'], range: [chartColors.booked, chartColors.tentativeSoft, chartColors.bench] } }}
      axis={{ y: { title: 'Person-days' }, x: { title: null } }}
      legend={{ color: { position: 'top' } }}
      tooltip={{ items: [(d: GroupBar) => ({ name: d.kind, value: `${d.value} d` })] }}
    />
  );
}

/** How many groups fall in each band of utilisation: the same drawing at 20 groups or 2,000 people. */
export function BandsChart({ data, height = 280, noun }: { data: BandDatum[]; height?: number; noun: string }) {
  return (
    <Column
      data={data}
      height={height}
      autoFit
      xField="band"
      yField="groups"
      style={{ fill: (d: BandDatum) => (d.band.startsWith('100') || d.band.startsWith('over') ? chartColors.over : d.band === 'no capacity' ? chartColors.noCapacity : chartColors.booked), radiusTopLeft: 3, radiusTopRight: 3 }}
      axis={{ y: { title: noun }, x: { title: 'Utilisation over the range' } }}
      tooltip={{ items: [(d: BandDatum) => ({ name: noun, value: d.groups })] }}
    />
  );
}
