import { describe, expect, it } from 'vitest';
import { isWellFormedText, wellFormedText } from './text.ts';

describe('well-formed text', () => {
  it.each(['', 'plain', 'été', 'Launch \ud83d\ude80', '\u{10FFFF}'])('accepts %j', (text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it.each(['a\ud800b', '\udfff', 'end\ud83d', '\ude80\ud83d'])('refuses a lone surrogate in %j', (text) => {
    expect(isWellFormedText(text)).toBe(false);
  });

  it('names the field, keeps the type message, and stops before later checks', () => {
    const name = wellFormedText('Project name', 'Project name is required').trim().min(1, 'Project name is required');
    expect(name.safeParse('\ud800').error?.issues.map((i) => i.message)).toEqual(['Project name contains an invalid character']);
    expect(name.safeParse(7).error?.issues.map((i) => i.message)).toEqual(['Project name is required']);
    expect(name.parse('  Atlas ')).toBe('Atlas');
  });
});
