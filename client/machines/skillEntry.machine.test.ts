import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { skillEntryMachine } from './skillEntry.machine.ts';

function start() {
  const added: string[] = [];
  const actor = createActor(skillEntryMachine.provide({ actions: { added: (_, { skill }) => void added.push(skill) } })).start();
  return { actor, added };
}

describe('skill entry machine', () => {
  it('adds the typed skill, trimmed, and empties the box', () => {
    const { actor, added } = start();
    actor.send({ type: 'TYPE', text: '  Kubernetes  ' });
    actor.send({ type: 'ADD', known: [] });
    expect(added).toEqual(['Kubernetes']);
    expect(actor.getSnapshot().context).toEqual({ text: '', error: null });
  });

  it('adds a skill typed in another case as the one already offered', () => {
    const { actor, added } = start();
    actor.send({ type: 'TYPE', text: 'react' });
    actor.send({ type: 'ADD', known: ['Go', 'React'] });
    expect(added).toEqual(['React']);
  });

  it('refuses a skill over 50 characters with the limit, keeps the text, and drops the message once it is edited', () => {
    const { actor, added } = start();
    const long = 'k'.repeat(51);
    actor.send({ type: 'TYPE', text: long });
    actor.send({ type: 'ADD', known: [] });
    expect(added).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: long, error: 'A skill must be at most 50 characters' });
    actor.send({ type: 'TYPE', text: 'k'.repeat(50) });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'ADD', known: [] });
    expect(added).toEqual(['k'.repeat(50)]);
  });

  it('does nothing when nothing is typed', () => {
    const { actor, added } = start();
    actor.send({ type: 'TYPE', text: '   ' });
    actor.send({ type: 'ADD', known: [] });
    expect(added).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: '   ', error: null });
  });
});
