import { DualAxes } from '@ant-design/charts';
import { type RefObject, useEffect, useRef } from 'react';
import { tooltipPlace } from '../../lib/tooltipPlace.ts';
import { type CapacityDatum, type DemandDatum, forecastChartOptions } from './forecast.ts';

/**
 * Keeps the charts library's tooltip inside the chart under `root`: each time the library shows or
 * moves it, it is put again beside the last pointer position by `tooltipPlace`, with its real size
 * (the library's own placement can leave it past the card's right edge: see tooltipPlace).
 */
function useTooltipInside(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const box = root.current;
    if (!box) return;
    let pointer: { x: number; y: number } | null = null;
    const place = () => {
      const tip = box.querySelector<HTMLElement>('.g2-tooltip');
      const chart = tip?.parentElement;
      if (!tip || !chart || !pointer || tip.style.visibility === 'hidden') return;
      const { left, top } = tooltipPlace(pointer, { width: tip.offsetWidth, height: tip.offsetHeight }, { width: chart.clientWidth, height: chart.clientHeight });
      // Written only when it moves, so the observer's next call (for this very write) changes nothing.
      if (Math.abs(parseFloat(tip.style.left) - left) > 0.5) tip.style.left = `${left}px`;
      if (Math.abs(parseFloat(tip.style.top) - top) > 0.5) tip.style.top = `${top}px`;
    };
    const onMove = (event: PointerEvent) => {
      const chart = box.querySelector('canvas')?.parentElement;
      if (!chart) return;
      const r = chart.getBoundingClientRect();
      pointer = { x: event.clientX - r.left, y: event.clientY - r.top };
      place();
    };
    const observer = new MutationObserver(place);
    observer.observe(box, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    box.addEventListener('pointermove', onMove);
    return () => {
      observer.disconnect();
      box.removeEventListener('pointermove', onMove);
    };
  }, [root]);
}

/**
 * Capacity against demand per week: demand stacked by kind (confirmed, tentative, placeholders) as
 * columns, capacity as a line over them, on one axis in people (FTE). The options are built in
 * forecast.ts, where they are tested.
 */
export default function ForecastChart({ demand, capacity, height = 340 }: { demand: DemandDatum[]; capacity: CapacityDatum[]; height?: number }) {
  const root = useRef<HTMLDivElement>(null);
  useTooltipInside(root);
  return (
    <div ref={root}>
      <DualAxes height={height} autoFit {...forecastChartOptions(demand, capacity)} />
    </div>
  );
}
