// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AvailabilityPlanning } from './AvailabilityPlanning.tsx';

afterEach(cleanup);

type Person = Parameters<typeof AvailabilityPlanning>[0]['availableNow'][number];
/** What the helper lists read of a person: their name, skills and today's free share. */
const person = (name: string, availableCapacity: number) =>
  ({ _id: name, name, avatar: undefined, skills: ['Go'], availableCapacity, nextFullAvailability: null }) as unknown as Person;

describe('the planning helper', () => {
  it('does not say everyone has ongoing commitments beside someone 100 % free now', () => {
    render(<AvailabilityPlanning availableNow={[person('Ben Ode', 100)]} availableSoon={[]} freeOverRange={null} />);
    expect(screen.getByTestId('available-immediately').textContent).toContain('Ben Ode');
    const soon = screen.getByTestId('available-soon').textContent;
    expect(soon).not.toContain('All engineers have ongoing commitments');
    expect(soon).toContain('Nobody else becomes available soon');
  });

  it('says everyone is committed when nobody is free now or soon', () => {
    render(<AvailabilityPlanning availableNow={[]} availableSoon={[]} freeOverRange={null} />);
    expect(screen.getByTestId('available-soon').textContent).toContain('All engineers have ongoing commitments');
  });
});
