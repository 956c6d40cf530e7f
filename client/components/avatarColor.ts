import { avatarSwatches } from './palette.ts';
const swatches = avatarSwatches;

/** A stable colour per name, so the same engineer always gets the same avatar colour. */
export function avatarColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return swatches[Math.abs(hash) % swatches.length]!;
}
