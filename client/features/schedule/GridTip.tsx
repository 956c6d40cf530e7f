import { type RefObject, useEffect, useState } from 'react';

type Tip = { text: string; left: number; top: number };

/** Tooltips open after this long, as every other tooltip of the app. */
const DELAY_MS = 700;

/**
 * One tooltip for the whole grid: the element under the pointer names its text in `data-tip`. A
 * tooltip component per cell would mean thousands of them while scrolling; this is one listener.
 * A tap shows it at once (phones have no hover).
 */
export function GridTip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const show = (target: HTMLElement) => {
      const rect = target.getBoundingClientRect();
      const left = Math.min(Math.max(rect.left + rect.width / 2 - 140, 8), window.innerWidth - 288);
      setTip({ text: target.dataset.tip ?? '', left, top: rect.bottom + 6 });
    };
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setTip(null);
    };
    const over = (event: PointerEvent) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-tip]');
      if (target === current) return;
      hide();
      if (!target || event.pointerType === 'touch') return;
      current = target;
      timer = setTimeout(() => show(target), DELAY_MS);
    };
    const tap = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-tip]');
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
