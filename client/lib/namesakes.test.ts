import { describe, expect, it } from 'vitest';
import { distinctName, namesakeHints } from './namesakes.ts';

const alexA = { _id: 'e1', name: 'Alex Kim', email: 'alex.kim@org.test' };
const alexB = { _id: 'e2', name: 'alex  kim', email: 'alex.kim2@org.test' };
const alexC = { _id: 'e3', name: ' Alex Kim', email: 'akim@org.test' };
const sam = { _id: 'e4', name: 'Sam Rivera', email: 'sam@org.test' };

describe('people who share a name', () => {
  it('carry their e-mail, judged ignoring case and spacing; a name nobody else has carries nothing', () => {
    const hints = namesakeHints([alexA, sam, alexB, alexC]);
    expect([...hints]).toEqual([['e1', 'alex.kim@org.test'], ['e2', 'alex.kim2@org.test'], ['e3', 'akim@org.test']]);
    expect(distinctName(alexA, hints)).toBe('Alex Kim (alex.kim@org.test)');
    expect(distinctName(sam, hints)).toBe('Sam Rivera');
  });

  it('are judged within the list: one Alex alone in a list is just Alex', () => {
    const list = [alexA, sam];
    expect(namesakeHints(list).size).toBe(0);
    // The same list asks once: the answer is kept for that list.
    expect(namesakeHints(list)).toBe(namesakeHints(list));
  });
});
