// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { InTurn } from './InTurn.tsx';

afterEach(cleanup);

/** Records the order parts were drawn in (their mount effects). */
function Part({ name, drawn }: { name: string; drawn: string[] }) {
  useEffect(() => void drawn.push(name), [name, drawn]);
  return <div data-testid={name} />;
}

/** A frame and a task: when the next turn may start. */
const aTurnLater = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0))));

describe('InTurn', () => {
  it('draws the parts one task apart, in mount order, each holding its place until then', async () => {
    const drawn: string[] = [];
    render(
      <>
        {['first', 'second', 'third'].map((name) => (
          <InTurn key={name} fallback={<span data-testid={`${name}-waiting`} />}>
            <Part name={name} drawn={drawn} />
          </InTurn>
        ))}
      </>,
    );
    await act(() => Promise.resolve());
    expect(drawn).toEqual(['first']);
    expect(screen.getByTestId('second-waiting')).toBeTruthy();
    expect(screen.getByTestId('third-waiting')).toBeTruthy();
    await aTurnLater();
    expect(drawn).toEqual(['first', 'second']);
    expect(screen.getByTestId('third-waiting')).toBeTruthy();
    await aTurnLater();
    expect(drawn).toEqual(['first', 'second', 'third']);
    expect(screen.queryByTestId('third-waiting')).toBeNull();
  });

  it('passes the turn on when a waiting part leaves, so the parts after it are not held up', async () => {
    const drawn: string[] = [];
    const parts = (names: string[]) => (
      <>
        {names.map((name) => (
          <InTurn key={name} fallback={null}>
            <Part name={name} drawn={drawn} />
          </InTurn>
        ))}
      </>
    );
    const view = render(parts(['a', 'b', 'c']));
    await act(() => Promise.resolve());
    view.rerender(parts(['a', 'c']));
    await aTurnLater();
    await aTurnLater();
    expect(drawn).toEqual(['a', 'c']);
  });
});
