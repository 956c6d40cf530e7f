import { useEffect } from 'react';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { loadCollections } from '../../stores/plan.ts';
import { ALL_COLLECTIONS } from '../../stores/useScreenData.ts';

/**
 * The lists (filter choices, the open rows' bars, the dialogs) load once the grid has come: the
 * assignments are the app's largest answer and would compete with the grid's for the server and for
 * the main thread, and the first screen needs none of them. Not before the grid is on screen, either:
 * the lists' loading state re-renders the whole page.
 */
export function useListsAfterGrid(gridSettled: boolean) {
  useEffect(() => (gridSettled ? afterNextPaint(() => void loadCollections(ALL_COLLECTIONS)) : undefined), [gridSettled]);
}
