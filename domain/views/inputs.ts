import { z } from 'zod';
import { wellFormedText } from '../text.ts';
import { viewMessages as M } from './messages.ts';

export const VIEW_NAME_MAX = 80;
export const VIEW_PATH_MAX = 2_000;

/**
 * A path of this app: one leading '/', then a path and query in visible ASCII (what a URL bar holds
 * once encoded). Never '//' or a backslash first, which browsers read as another site.
 */
const appPath = /^\/(?![/\\])[\x21-\x7e]*$/;

export const saveViewInput = z.object({
  name: wellFormedText('Name', M.nameRequired).trim().min(1, M.nameRequired).max(VIEW_NAME_MAX, M.nameTooLong),
  path: z.string({ error: M.pathInvalid }).max(VIEW_PATH_MAX, M.pathInvalid).regex(appPath, M.pathInvalid),
  shared: z.boolean({ error: M.sharedInvalid }).default(false),
});
export type SaveViewInput = z.infer<typeof saveViewInput>;

export const savedViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  path: z.string(),
  shared: z.boolean(),
  ownerId: z.string(),
  version: z.number().int(),
});
