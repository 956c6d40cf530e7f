import { type ReactNode, useState } from 'react';

/**
 * Draws a dialog only from the first time it opens. A closed antd Modal still renders its wrapper and
 * runs its theme hooks on every render of the screen around it: the schedule, holding six of them,
 * paid for all six in the render before its first rows showed. Once opened, it stays mounted, so it
 * animates closed and keeps what the form held between openings, as before.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
  if (open && !opened) setOpened(true);
  return open || opened ? children : null;
}
