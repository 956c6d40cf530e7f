import { describe, expect, it } from 'vitest';
import type { SuitableEngineer } from '../planningApi.ts';
import { suitableShown } from './suitableList.ts';

const person = (i: number, skills = ['React']): SuitableEngineer => ({
  _id: `e${i}`, name: `Engineer ${String(i).padStart(3, '0')}`, email: `e${i}@x.test`, department: 'D', skills, seniority: 'mid',
  maxCapacity: 100, version: 1, matchingSkills: ['React'], availableCapacity: 100 - i, onProject: false,
});
const ranked = Array.from({ length: 841 }, (_, i) => person(i, i === 500 ? ['React', 'Elixir'] : ['React']));

describe('suitableShown', () => {
  it('shows the best 20 of 841, in rank order', () => {
    const { shown, matching, total } = suitableShown(ranked, '', null);
    expect(shown.map((e) => e._id)).toEqual(ranked.slice(0, 20).map((e) => e._id));
    expect([matching, total]).toEqual([841, 841]);
  });

  it('a search by name or skill finds someone far down the list', () => {
    expect(suitableShown(ranked, 'engineer 700', null).shown.map((e) => e._id)).toEqual(['e700']);
    const bySkill = suitableShown(ranked, 'elixir', null);
    expect(bySkill.shown.map((e) => e._id)).toEqual(['e500']);
    expect(bySkill.matching).toBe(1);
  });

  it('keeps the one picked in view when the cut or the search would hide them', () => {
    expect(suitableShown(ranked, '', 'e700').shown.at(-1)!._id).toBe('e700');
    expect(suitableShown(ranked, 'elixir', 'e3').shown.map((e) => e._id)).toEqual(['e500', 'e3']);
  });
});
