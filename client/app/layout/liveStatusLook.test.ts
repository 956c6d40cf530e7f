import { describe, expect, it } from 'vitest';
import { scenarioLook } from './liveStatusLook.ts';

describe('the header chip in a scenario', () => {
  it('says "Scenario", not "Live", and that the drafts are not live', () => {
    const look = scenarioLook('Win the mobile deal', true);
    expect(look.label).toBe('Scenario');
    expect(look.tooltip).toBe('Showing the scenario “Win the mobile deal”: its drafted changes are not live. Your changes are drafted into it. Live changes underneath still fold in.');
  });
});
