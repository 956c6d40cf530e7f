/**
 * Measures text as the page prints it, in the page's own font: a canvas's measureText, kept per text
 * and size, since a grid prints the same few hundred figures over and over. A canvas draws digits at
 * their natural widths where the grid asks for tabular ones, so each width gets a few percent more.
 * Null where there is no canvas to measure with.
 */
export function pageTextMeasure(fontFamily: string, limit = 5_000): ((text: string, fontPx: number) => number) | null {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return null;
  const kept = new Map<string, number>();
  return (text, fontPx) => {
    const key = `${fontPx}|${text}`;
    let width = kept.get(key);
    if (width === undefined) {
      context.font = `${fontPx}px ${fontFamily}`;
      width = context.measureText(text).width * 1.04;
      if (kept.size >= limit) kept.clear();
      kept.set(key, width);
    }
    return width;
  };
}
