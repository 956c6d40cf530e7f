// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen.ts';
import { loadScreen, type ScreenModule } from './screenModules.ts';

afterEach(cleanup);

const screenModule = (text: string): ScreenModule => ({ default: () => <p>{text}</p> });
const inSuspense = (Screen: React.ComponentType) => (
  <Suspense fallback={<p>fallback</p>}>
    <Screen />
  </Suspense>
);

describe('lazyScreen', () => {
  it('renders a screen whose code has arrived in the first render, never its fallback', async () => {
    const load = async () => screenModule('schedule');
    await loadScreen(load);
    const Screen = lazyScreen(load);
    act(() => {
      render(inSuspense(Screen));
    });
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('schedule')).toBeTruthy();
  });

  it('suspends like React.lazy while the code is on its way', async () => {
    let arrive: (module: ScreenModule) => void = () => undefined;
    const load = () => new Promise<ScreenModule>((resolve) => (arrive = resolve));
    const Screen = lazyScreen(load);
    act(() => {
      render(inSuspense(Screen));
    });
    expect(screen.getByText('fallback')).toBeTruthy();
    await act(async () => arrive(screenModule('report')));
    expect(await screen.findByText('report')).toBeTruthy();
  });
});
