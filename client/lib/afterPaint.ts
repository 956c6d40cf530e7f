/**
 * Runs `run` once the page has painted what is committed now (the task after the next frame);
 * returns a cancel. For work whose first effect would re-render a screen before it is first shown,
 * and for parts drawn one after the other (InTurn). Without frames (no requestAnimationFrame), a
 * frame's length stands in for one.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = setTimeout(run, 0);
  };
  let cancelFrame: () => void;
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(next);
    cancelFrame = () => cancelAnimationFrame(frame);
  } else {
    const frame = setTimeout(next, 16);
    cancelFrame = () => clearTimeout(frame);
  }
  return () => {
    cancelFrame();
    clearTimeout(timer);
  };
}
