import { type RefObject, useEffect, useRef, useState } from 'react';

type Tip = { text: string; left: number; top: number };

/** Tooltips open after this long, as every other tooltip of the app. */
const DELAY_MS = 700;

/** What has a tooltip: anything that names its text (`data-tip`), and the cells (`data-p`), whose text `describe` works out. */
const TARGETS = '[data-tip], [data-p]';

/**
 * One tooltip for the whole grid. A tooltip component per cell would mean thousands of them while
 * scrolling; this is one listener, and the text is worked out only for the element the pointer
 * rests on. A tap shows it at once (phones have no hover).
 */
export function GridTip({ container, describe }: { container: RefObject<HTMLElement | null>; describe: (target: HTMLElement) => string }) {
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const show = (target: HTMLElement) => {
      const rect = target.getBoundingClientRect();
      const left = Math.min(Math.max(rect.left + rect.width / 2 - 140, 8), window.innerWidth - 288);
      setTip({ text: describeRef.current(target), left, top: rect.bottom + 6 });
    };
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setTip(null);
    };
    const over = (event: PointerEvent) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>(TARGETS);
      if (target === current) return;
      hide();
      if (!target || event.pointerType === 'touch') return;
      current = target;
      timer = setTimeout(() => show(target), DELAY_MS);
    };
    const tap = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      const target = (event.target as HTMLElement).closest<HTMLElement>(TARGETS);
      if (target) show(target);
      else hide();
    };
    root.addEventListener('pointerover', over);
    root.addEventListener('pointerleave', hide);
    root.addEventListener('pointerup', tap);
    root.addEventListener('scroll', hide, { passive: true });
    return () => {
      hide();
      root.removeEventListener('pointerover', over);
      root.removeEventListener('pointerleave', hide);
      root.removeEventListener('pointerup', tap);
      root.removeEventListener('scroll', hide);
    };
  }, [container]);

  if (!tip || !tip.text) return null;
  return (
    <div className="schedule-tip" role="tooltip" style={{ left: tip.left, top: tip.top }} data-testid="schedule-tip">
      {tip.text}
    </div>
  );
}
