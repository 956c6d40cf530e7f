import { cssColors } from '../components/palette.ts';

/**
 * The palette's colours as CSS variables on the document's root, so the stylesheets draw in the same
 * colours as the components without typing them out again (a stylesheet cannot import the palette).
 * main.tsx calls it before anything renders.
 */
export function setPaletteVariables(root: Pick<HTMLElement, 'style'> = document.documentElement): void {
  for (const [name, value] of Object.entries(cssColors)) root.style.setProperty(name, value);
}
