import { Column, Pie } from '@ant-design/charts';
import { useMemo } from 'react';
import {
  ALLOCATION_SERIES,
  CAPACITY_SERIES,
  percentTick,
  type StatusSlice,
  sliceTooltip,
  type UtilizationDatum,
} from './chartData.ts';
import { textColors } from '../../components/palette.ts';

/** 'Team Utilization vs Capacity': grouped bars per engineer, y from 0 to max + 20 with % ticks. */
export function UtilizationChart({ data, max, height = 360 }: { data: UtilizationDatum[]; max: number; height?: number }) {
  const names = useMemo(() => new Map(data.map((d) => [d.id, d.name])), [data]);
  const engineerCount = names.size;
  return (
    <Column
      data={data}
      height={height}
      autoFit
      xField="id"
      yField="value"
      colorField="series"
      group
      legend={false}
      scale={{
        y: { domainMin: 0, domainMax: max, nice: false },
        color: { domain: [ALLOCATION_SERIES, CAPACITY_SERIES] },
      }}
      style={{ fill: (d: UtilizationDatum) => d.color, radiusTopLeft: 3, radiusTopRight: 3, maxWidth: 28 }}
      axis={{
        y: { title: 'Allocation Percentage (%)', labelFormatter: percentTick, gridLineDash: [3, 3] },
        x: {
          title: 'Engineers',
          labelFormatter: (id: string) => names.get(id) ?? id,
          labelAutoRotate: engineerCount > 6,
          labelAutoEllipsis: true,
          labelAutoHide: true,
        },
      }}
      interaction={{ tooltip: { shared: false }, elementHighlight: { background: true } }}
      tooltip={{
        title: (d: UtilizationDatum) => d.name,
        items: [
          (d: UtilizationDatum) => ({ name: d.series, value: `${d.value}%`, color: d.color }),
          (d: UtilizationDatum) => ({ name: 'Load', value: d.load }),
          (d: UtilizationDatum) => ({ name: 'Seniority', value: d.seniority }),
          (d: UtilizationDatum) => ({ name: 'Status', value: d.status }),
          (d: UtilizationDatum) => ({ name: 'Active Projects', value: d.activeProjects }),
        ],
      }}
    />
  );
}

/** 'Project Status Distribution': one slice per status, the share to one decimal in the tooltip. */
export function StatusPie({ data, height = 320 }: { data: StatusSlice[]; height?: number }) {
  const slices = data.filter((d) => d.value > 0);
  return (
    <Pie
      data={slices}
      height={height}
      autoFit
      angleField="value"
      colorField="label"
      innerRadius={0.55}
      scale={{ color: { domain: data.map((d) => d.label), range: data.map((d) => d.color) } }}
      label={{ text: (d: StatusSlice) => `${d.percent}%`, position: 'inside', style: { fontSize: 12, fontWeight: 600, fill: textColors.onFill } }}
      legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' }, itemMarker: 'circle' } }}
      tooltip={{
        title: (d: StatusSlice) => d.label,
        items: [(d: StatusSlice) => ({ name: 'Projects', value: sliceTooltip(d), color: d.color })],
      }}
    />
  );
}
