import { type ReactNode, useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/afterPaint.ts';

/** Resolves when the part given the newest turn has been drawn; each part mounted after it chains onto it. */
let previousTurn: Promise<void> = Promise.resolve();

/** Runs `then` once it is committed: after the effects of the siblings before it (the part just drawn). */
function WhenDrawn({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * Shows `children` only when the parts mounted before it (in mount order) have been drawn, one task
 * apart: a canvas chart draws in one uninterrupted run of 60 to 150 ms, and the Report's three charts
 * mounted in one commit blocked its main thread for over 200 ms. The next part's turn comes a frame and
 * a task after this one has been drawn, so the page paints in between. `fallback` holds the place.
 * Put it inside the Suspense of a lazily loaded part: the turn then passes only once the part is in.
 */
export function InTurn({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [turn, setTurn] = useState<{ handOn: () => void } | null>(null);
  useEffect(() => {
    let gone = false;
    let handOn: () => void = () => undefined;
    const mine = new Promise<void>((resolve) => {
      let handed = false;
      handOn = () => {
        if (handed) return;
        handed = true;
        afterNextPaint(resolve);
      };
    });
    void previousTurn.then(() => (gone ? handOn() : setTurn({ handOn })));
    previousTurn = mine;
    return () => {
      // A part that leaves hands its turn on (at once if it never had it).
      gone = true;
      handOn();
    };
  }, []);
  if (!turn) return fallback;
  return (
    <>
      {children}
      <WhenDrawn then={turn.handOn} />
    </>
  );
}
