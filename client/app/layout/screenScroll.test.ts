import { describe, expect, it } from 'vitest';
import { screenScroll } from './screenScroll.ts';

describe('where a screen opens', () => {
  it('at the top when a link or a redirect opens another screen, however far down the last one was', () => {
    expect(screenScroll('/engineers', '/projects', 'PUSH', undefined)).toEqual({ kind: 'top' });
    expect(screenScroll('/engineers', '/projects', 'PUSH', 485)).toEqual({ kind: 'top' });
    expect(screenScroll('/capacity', '/engineer-dashboard', 'REPLACE', undefined)).toEqual({ kind: 'top' });
  });

  it('where it was left on Back and Forward', () => {
    expect(screenScroll('/projects', '/engineers', 'POP', 276)).toEqual({ kind: 'restore', y: 276 });
    expect(screenScroll('/projects', '/engineers', 'POP', undefined)).toEqual({ kind: 'stay' });
  });

  it('where the user is when a screen writes its own query, and where the browser put it on the first load', () => {
    expect(screenScroll('/capacity', '/capacity', 'REPLACE', 0)).toEqual({ kind: 'stay' });
    expect(screenScroll('/capacity', '/capacity', 'PUSH', undefined)).toEqual({ kind: 'stay' });
    expect(screenScroll(null, '/engineers', 'POP', undefined)).toEqual({ kind: 'stay' });
  });
});
