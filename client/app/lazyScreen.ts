import { lazy } from 'react';
import { arrivedScreen, loadScreen, type ScreenLoader } from './screenModules.ts';

/**
 * React.lazy that does not suspend when the screen's code has already arrived: it hands React a
 * thenable that is already settled, which React takes in the same render (screenModules.ts says why).
 */
export function lazyScreen(load: ScreenLoader) {
  return lazy(() => {
    const module = arrivedScreen(load);
    if (!module) return loadScreen(load);
    const settled = { then: (resolve: (value: typeof module) => void) => resolve(module) };
    return settled as unknown as Promise<typeof module>;
  });
}
