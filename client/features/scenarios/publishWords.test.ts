import { describe, expect, it } from 'vitest';
import { publishSentence } from './publishWords.ts';

describe('the publish confirmation', () => {
  it('says one drafted change "becomes" live, without "all in one go, or none of them"', () => {
    expect(publishSentence(1, 'Win the mobile deal')).toBe('The drafted change of “Win the mobile deal” becomes live for everyone, unless the live plan has moved under it.');
  });

  it('says several "become" live together, or none of them', () => {
    expect(publishSentence(3, 'Q1')).toBe('The 3 drafted changes of “Q1” become live for everyone, all in one go, or none of them if the live plan moved under one.');
  });
});
