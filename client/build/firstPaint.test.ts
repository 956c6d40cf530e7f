import { describe, expect, it } from 'vitest';
import { firstPaintCode } from './firstPaint.ts';

describe('the first-paint script as built', () => {
  it('is one classic script that imports nothing and holds neither React nor antd, small enough to come first', async () => {
    const code = await firstPaintCode();
    expect(code).toMatch(/^\(function\(\)\{/);
    expect(code).not.toMatch(/\bimport\s*[{*"'(]|\bexport\s*[{*]|\bexport\s+(default|const|let|var|function|class)\b/);
    expect(code).not.toMatch(/react|antd|rc-component/i);
    expect(Buffer.byteLength(code)).toBeLessThan(40_000);
  });
});
