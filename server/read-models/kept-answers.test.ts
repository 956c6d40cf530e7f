import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.ts';

describe('KeptAnswers', () => {
  it('writes an answer once per facts and key, a new one for other facts or another key, and drops the oldest past its size', () => {
    const kept = new KeptAnswers<number>(2);
    let made = 0;
    const make = (text: string) => () => ({ text, extra: ++made });
    const facts = {};
    expect(kept.text(facts, 'a', make('A'))).toEqual({ text: 'A', extra: 1 });
    expect(kept.text(facts, 'a', make('A again'))).toEqual({ text: 'A', extra: 1 });
    expect(kept.text({}, 'a', make('other facts'))).toEqual({ text: 'other facts', extra: 2 });
    kept.text(facts, 'b', make('B'));
    kept.text(facts, 'c', make('C'));
    expect(kept.text(facts, 'a', make('A, written again'))).toEqual({ text: 'A, written again', extra: 5 });
    expect(kept.text(facts, 'c', make('C again')).text).toBe('C');
  });
});
