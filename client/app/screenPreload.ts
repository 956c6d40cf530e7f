import { firstScreenLoaders, loadScreen } from './screenModules.ts';

/** The longest the first render waits for the first screen's code; after that it suspends as usual. */
const WAIT_AT_MOST_MS = 3_000;

/** The task after this one: the app's own code is evaluated first, see below. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imported by main.tsx right after readAhead.ts (so the schedule's data is asked for first): asks for
 * the first screen's code as soon as the app's own code has been evaluated. main.tsx renders once it
 * has come, so the first render shows the screen instead of a fallback (screenModules.ts says why).
 * Not sooner: fetched and compiled beside the app's evaluation, on two cores, that code stretched the
 * evaluation (one long task) by a half.
 */
export const firstScreenReady: Promise<void> =
  typeof location === 'undefined'
    ? Promise.resolve()
    : Promise.race([
        nextTask().then(() => Promise.allSettled(firstScreenLoaders(location.pathname).map(loadScreen))).then(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS)),
      ]);
