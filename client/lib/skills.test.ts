import { describe, expect, it } from 'vitest';
import { toggledSkill, typedSkill, withSkill } from './skills.ts';

describe('typedSkill', () => {
  it('is the text trimmed', () => {
    expect(typedSkill('  Kubernetes ', [])).toEqual({ ok: true, skill: 'Kubernetes' });
  });

  it('is the known skill when only the case differs, so none is listed twice', () => {
    expect(typedSkill('react', ['Go', 'React'])).toEqual({ ok: true, skill: 'React' });
    expect(typedSkill(' NODE.JS', ['Node.js'])).toEqual({ ok: true, skill: 'Node.js' });
  });

  it('takes 50 characters and refuses 51 with the limit, as the server does', () => {
    expect(typedSkill('x'.repeat(50), [])).toEqual({ ok: true, skill: 'x'.repeat(50) });
    expect(typedSkill('x'.repeat(51), [])).toEqual({ ok: false, message: 'A skill must be at most 50 characters' });
    // Measured once trimmed.
    expect(typedSkill(` ${'x'.repeat(50)} `, [])).toEqual({ ok: true, skill: 'x'.repeat(50) });
  });

  it('refuses a blank one', () => {
    expect(typedSkill('   ', []).ok).toBe(false);
  });
});

describe('toggledSkill and withSkill', () => {
  it('a tick adds a skill and a second tick takes it away', () => {
    expect(toggledSkill(['Go'], 'SQL')).toEqual(['Go', 'SQL']);
    expect(toggledSkill(['Go', 'SQL'], 'Go')).toEqual(['SQL']);
  });

  it('an added skill is selected, and adding it again keeps it selected', () => {
    expect(withSkill([], 'Kubernetes')).toEqual(['Kubernetes']);
    expect(withSkill(['Kubernetes'], 'Kubernetes')).toEqual(['Kubernetes']);
  });
});
