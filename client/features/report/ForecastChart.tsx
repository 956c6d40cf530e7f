import { DualAxes } from '@ant-design/charts';
import { type CapacityDatum, type DemandDatum, forecastChartOptions } from './forecast.ts';

/**
 * Capacity against demand per week: demand stacked by kind (confirmed, tentative, placeholders) as
 * columns, capacity as a line over them, on one axis in people (FTE). The options are built in
 * forecast.ts, where they are tested.
 */
export default function ForecastChart({ demand, capacity, height = 340 }: { demand: DemandDatum[]; capacity: CapacityDatum[]; height?: number }) {
  return <DualAxes height={height} autoFit {...forecastChartOptions(demand, capacity)} />;
}
