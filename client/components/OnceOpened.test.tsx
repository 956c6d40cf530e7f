// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnceOpened } from './OnceOpened.tsx';

afterEach(cleanup);

let mounts = 0;
function Dialog({ open }: { open: boolean }) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>{open ? 'dialog open' : 'dialog closed'}</p>;
}

const at = (open: boolean) => (
  <OnceOpened open={open}>
    <Dialog open={open} />
  </OnceOpened>
);

describe('OnceOpened', () => {
  it('draws nothing until the dialog first opens, then keeps the same dialog mounted while it closes and opens again', () => {
    mounts = 0;
    const view = render(at(false));
    expect(screen.queryByText(/dialog/)).toBeNull();
    expect(mounts).toBe(0);

    view.rerender(at(true));
    expect(screen.getByText('dialog open')).toBeTruthy();
    view.rerender(at(false));
    expect(screen.getByText('dialog closed')).toBeTruthy();
    view.rerender(at(true));
    expect(screen.getByText('dialog open')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('draws a dialog that is open from the start at once', () => {
    render(at(true));
    expect(screen.getByText('dialog open')).toBeTruthy();
  });
});
