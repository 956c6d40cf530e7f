// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDayRange } from './useDayRange.ts';

afterEach(cleanup);

const days = (range: ReturnType<typeof useDayRange>) => range.map((day) => day?.format('YYYY-MM-DD') ?? null);

describe('useDayRange', () => {
  it('gives the same value on every render while the dates stay the same (the picker keeps a first day being chosen)', () => {
    const { result, rerender } = renderHook(({ from, to }) => useDayRange(from, to), { initialProps: { from: '2026-11-30', to: '2026-12-04' } });
    const first = result.current;
    expect(days(first)).toEqual(['2026-11-30', '2026-12-04']);
    rerender({ from: '2026-11-30', to: '2026-12-04' });
    expect(result.current).toBe(first);
  });

  it('gives a new value when either date changes', () => {
    const { result, rerender } = renderHook(({ from, to }) => useDayRange(from, to), { initialProps: { from: '2026-11-30', to: '2026-12-04' } });
    const first = result.current;
    rerender({ from: '2026-11-30', to: '2026-12-11' });
    expect(result.current).not.toBe(first);
    expect(days(result.current)).toEqual(['2026-11-30', '2026-12-11']);
  });

  it('leaves an empty, null or missing end empty', () => {
    type Ends = { from: string | null | undefined; to: string | null | undefined };
    const { result, rerender } = renderHook(({ from, to }: Ends) => useDayRange(from, to), { initialProps: { from: '', to: null } as Ends });
    expect(result.current).toEqual([null, null]);
    rerender({ from: '2026-11-30', to: undefined });
    expect(days(result.current)).toEqual(['2026-11-30', null]);
  });
});
