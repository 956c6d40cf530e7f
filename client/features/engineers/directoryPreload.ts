import { readAhead } from '../../lib/http.ts';
import { CURRENT_LOAD_PATH } from '../../lib/currentLoad.ts';

/**
 * Asks for the directory and everyone's current load before the screen's code has loaded (app/readAhead.ts,
 * as the app boots on /engineers): the screen's own requests take the answers over. The whole
 * assignments list, megabytes in a large organisation, is not among them: the screen asks for it once
 * its first rows are on screen. Nothing here may import React, antd or zod.
 */
export function preloadDirectory() {
  readAhead('/api/engineers');
  readAhead(CURRENT_LOAD_PATH);
}
