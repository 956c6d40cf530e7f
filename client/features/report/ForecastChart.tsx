import { DualAxes } from '@ant-design/charts';
import { type CapacityDatum, type DemandDatum, FORECAST_SERIES, forecastColors } from './forecast.ts';

const fte = (value: number | string) => `${value}`;

/**
 * Capacity against demand per week: demand stacked by kind (confirmed, tentative, placeholders) as
 * columns, capacity as a line over them, on one axis in people (FTE).
 */
export default function ForecastChart({ demand, capacity, height = 340 }: { demand: DemandDatum[]; capacity: CapacityDatum[]; height?: number }) {
  const shared = { y: { key: 'people', nice: true, domainMin: 0 } };
  return (
    <DualAxes
      height={height}
      autoFit
      xField="week"
      // The section draws its own legend above the chart (capacity as a line, demand as squares).
      legend={false}
      axis={{ y: { title: 'People (FTE)', labelFormatter: fte, gridLineDash: [3, 3] }, x: { title: false, labelAutoRotate: demand.length > 60 } }}
      children={[
        {
          type: 'interval',
          data: demand,
          yField: 'value',
          colorField: 'series',
          stack: true,
          scale: { ...shared, color: { domain: [...FORECAST_SERIES, 'Capacity'], range: [...FORECAST_SERIES.map((s) => forecastColors[s]), forecastColors.Capacity] } },
          style: { maxWidth: 36, radiusTopLeft: 2, radiusTopRight: 2 },
          tooltip: { items: [(d: DemandDatum) => ({ name: d.series, value: `${d.value} FTE`, color: forecastColors[d.series] })] },
        },
        {
          type: 'line',
          data: capacity,
          yField: 'capacity',
          colorField: () => 'Capacity',
          scale: shared,
          style: { lineWidth: 2.5, stroke: forecastColors.Capacity },
          axis: { y: false },
          tooltip: { items: [(d: CapacityDatum) => ({ name: 'Capacity', value: `${d.capacity} FTE`, color: forecastColors.Capacity })] },
        },
      ]}
    />
  );
}
