/**
 * Runs `run` once the page has painted what is committed now (the task after the next frame);
 * returns a cancel. For work whose first effect would re-render a screen before it is first shown.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
