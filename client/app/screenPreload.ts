import { firstScreenLoaders, loadScreen } from './screenModules.ts';

/** The longest the first render waits for the first screen's code; after that it suspends as usual. */
const WAIT_AT_MOST_MS = 3_000;

/**
 * Imported by main.tsx right after readAhead.ts (so the schedule's data is asked for first): asks for
 * the first screen's code while the rest of the app is evaluated. main.tsx renders once it has come,
 * so the first render shows the screen instead of a fallback (screenModules.ts says why).
 */
export const firstScreenReady: Promise<void> =
  typeof location === 'undefined'
    ? Promise.resolve()
    : Promise.race([
        Promise.allSettled(firstScreenLoaders(location.pathname).map(loadScreen)).then(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS)),
      ]);
