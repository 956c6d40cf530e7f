// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './AfterFirstPaint.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const view = () => (
  <AfterFirstPaint fallback={<p>place kept</p>}>
    <p>filters</p>
  </AfterFirstPaint>
);

describe('AfterFirstPaint', () => {
  it('holds the place with the fallback in the first frame, and draws the children once that frame is painted', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    render(view());
    expect(screen.getByText('place kept')).toBeTruthy();
    expect(screen.queryByText('filters')).toBeNull();
    // The frame is painted, then the task after it runs.
    await act(async () => vi.advanceTimersToNextFrame());
    expect(screen.queryByText('filters')).toBeNull();
    await act(async () => vi.runOnlyPendingTimers());
    expect(screen.getByText('filters')).toBeTruthy();
    expect(screen.queryByText('place kept')).toBeNull();
  });

  it('does nothing after it has left before the paint', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const shown = render(view());
    shown.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
