import { describe, expect, it } from 'vitest';
import { avatarColor } from './avatarColor.ts';

describe('avatarColor', () => {
  it('is stable per name and a hex colour', () => {
    expect(avatarColor('Ana Lopez')).toBe(avatarColor('Ana Lopez'));
    expect(avatarColor('')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
