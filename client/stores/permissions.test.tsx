// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../domain/entities.ts';
import { emptyPlan } from '../../domain/plan.ts';
import { resetProfile, setProfile } from './profile.ts';
import { showLive, showPast } from './viewMode.ts';
import { useCanEditOwnSkills, useCanPlan } from './permissions.ts';

function Probe() {
  return (
    <span>
      plan:{String(useCanPlan())} skills:{String(useCanEditOwnSkills())}
    </span>
  );
}

const user = (role: User['role']): User => ({ _id: 'u', name: 'U', email: 'u@x.test', role, department: 'D', admin: false });

afterEach(() => {
  cleanup();
  resetProfile();
  showLive();
});

describe('who sees the planning controls', () => {
  it.each([
    ['manager', 'plan:true skills:false'],
    ['engineer', 'plan:false skills:true'],
    ['auditor', 'plan:false skills:false'],
  ] as const)('%s: %s', (role, expected) => {
    setProfile(user(role));
    render(<Probe />);
    expect(screen.getByText(/plan:/).textContent).toBe(expected);
  });

  it('nobody before the profile is known', () => {
    render(<Probe />);
    expect(screen.getByText(/plan:/).textContent).toBe('plan:false skills:false');
  });

  it('nobody while the app shows a past moment, and back once live', async () => {
    setProfile(user('manager'));
    render(<Probe />);
    // valtio notifies on the next microtask: an async act flushes it.
    await act(async () => showPast('2026-01-01T00:00:00.000Z', emptyPlan()));
    expect(screen.getByText(/plan:/).textContent).toBe('plan:false skills:false');
    await act(async () => showLive());
    expect(screen.getByText(/plan:/).textContent).toBe('plan:true skills:false');
  });
});
