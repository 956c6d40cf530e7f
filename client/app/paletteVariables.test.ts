import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssColors, palette, tagText } from '../components/palette.ts';
import { setPaletteVariables } from './paletteVariables.ts';

/** Variables a component sets on its own element at run time, not colours of the palette. */
const setByComponents = ['--col', '--hatch', '--off', '--live-dot', /^--[a-z]+-(bg|fg)$/ /* gridVariables (components/grid/cellLook.ts) */, /^--ant-/];

const stylesheets = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? stylesheets(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );

describe('the palette as CSS variables', () => {
  it('sets each colour on the root under its name, with the palette value', () => {
    const set = new Map<string, string>();
    setPaletteVariables({ style: { setProperty: (name: string, value: string) => set.set(name, value) } } as unknown as HTMLElement);
    expect(set.get('--canvas')).toBe(palette.canvas);
    expect(set.get('--tag-green-text')).toBe(tagText.green);
    expect(Object.fromEntries(set)).toEqual(cssColors);
  });

  it('defines every variable the stylesheets read, and the stylesheets type out no colour', () => {
    const files = stylesheets(join(import.meta.dirname, '..'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const css = readFileSync(file, 'utf8');
      const unknown = [...css.matchAll(/var\((--[\w-]+)/g)]
        .map((m) => m[1]!)
        .filter((name) => !(name in cssColors) && !setByComponents.some((known) => (typeof known === 'string' ? known === name : known.test(name))));
      expect(unknown, file).toEqual([]);
      expect(css.match(/#[0-9a-f]{3,8}\b/gi) ?? [], file).toEqual([]);
    }
  });
});
