/**
 * Where a chart's tooltip goes so that it stays inside the chart: right of and below the pointer (where
 * the charts library puts it), on the other side of the pointer where that would cross the chart's edge,
 * and pushed back within the edges when neither side has room. Everything is in the chart's pixels.
 *
 * The library flips a tooltip only by the size it measured last time: the first one is measured before
 * it is on the page (0 x 0) and never flipped, and updates within 60 ms of the last are dropped, so the
 * one left on screen is often placed for older content or an older pointer, and ran off the card.
 */
export function tooltipPlace(
  pointer: { x: number; y: number },
  size: { width: number; height: number },
  chart: { width: number; height: number },
  gap = 10,
): { left: number; top: number } {
  const left = pointer.x + gap + size.width <= chart.width ? pointer.x + gap : pointer.x - gap - size.width;
  const top = pointer.y + gap + size.height <= chart.height ? pointer.y + gap : pointer.y - gap - size.height;
  const within = (value: number, room: number) => Math.max(0, Math.min(value, room));
  return { left: within(left, chart.width - size.width), top: within(top, chart.height - size.height) };
}
