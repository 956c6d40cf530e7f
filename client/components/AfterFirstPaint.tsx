import { type ReactNode, useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/afterPaint.ts';

/**
 * Draws `children` once the page has painted the rest of its first frame; `fallback` holds their place
 * until then. For controls the first look at a screen can do without: antd's pickers and selects each
 * measure themselves and render again when mounted, all before the page may paint.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? children : fallback;
}
