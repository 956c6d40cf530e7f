// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { conflictRows } from '../lib/conflict.ts';
import { conflictStarted } from '../machines/formConflict.ts';
import { ConflictDialog } from './ConflictDialog.tsx';

afterEach(cleanup);

const MESSAGE = 'This assignment was changed by someone else. Reload to see the latest version.';
const fields = [
  { key: 'role', label: 'Role' },
  { key: 'allocationPercentage', label: 'Allocation', format: (v: unknown) => `${v}%` },
];
const base = { role: 'Dev', allocationPercentage: 60 };
const rows = conflictRows(fields, base, { role: 'Lead', allocationPercentage: 45 }, { role: 'Dev', allocationPercentage: 55 });
const common = { open: true, thing: 'assignment' as const, message: MESSAGE, loading: false, removed: false, loadError: null, rows };

describe('the conflict dialog', () => {
  it('says who changed what and offers to re-apply or reload', () => {
    const onReapply = vi.fn();
    const onTakeLatest = vi.fn();
    render(<ConflictDialog {...common} kind="form" onReapply={onReapply} onTakeLatest={onTakeLatest} onRetryLoad={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('Someone else changed this assignment')).toBeTruthy();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('conflict-row-role').textContent).toBe('RoleYour changeSavedDevYoursLead');
    expect(screen.getByTestId('conflict-row-allocationPercentage').textContent).toBe('AllocationBoth changedSaved now55% (was 60%)Yours45%');
    fireEvent.click(screen.getByTestId('conflict-reapply'));
    fireEvent.click(screen.getByTestId('conflict-take-latest'));
    expect(onReapply).toHaveBeenCalledTimes(1);
    expect(onTakeLatest).toHaveBeenCalledTimes(1);
  });

  it('names who changed it when the answer says, as the History does, instead of "someone else"', () => {
    render(<ConflictDialog {...common} changedBy="Chris Okafor" kind="form" onReapply={vi.fn()} onTakeLatest={vi.fn()} onRetryLoad={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('Chris Okafor changed this assignment')).toBeTruthy();
    expect(screen.getByText('This assignment was changed by Chris Okafor. Reload to see the latest version.')).toBeTruthy();
    expect(screen.getByTestId('conflict-row-allocationPercentage').textContent).toBe('AllocationBoth changedSaved now55% (was 60%)Yours45%');
    expect(screen.getByTestId('conflict-dialog').textContent).not.toMatch(/someone else/i);
  });

  it('reads the name from the 409 into the machine\'s conflict, and none from an answer without one', () => {
    const named = new ApiError(MESSAGE, 409, { message: MESSAGE, code: 'VERSION_CONFLICT', currentVersion: 3, changedBy: { id: 'u2', name: 'Chris Okafor' } });
    expect(conflictStarted(named).changedBy).toBe('Chris Okafor');
    expect(conflictStarted(new ApiError(MESSAGE, 409, { message: MESSAGE, code: 'VERSION_CONFLICT', currentVersion: 3 })).changedBy).toBeNull();
  });

  it('waits for the latest version before offering anything, and retries a failed load', () => {
    const onRetryLoad = vi.fn();
    const { rerender } = render(
      <ConflictDialog {...common} loading rows={[]} kind="form" onReapply={vi.fn()} onTakeLatest={vi.fn()} onRetryLoad={onRetryLoad} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Loading the latest version...')).toBeTruthy();
    expect((screen.getByTestId('conflict-reapply') as HTMLButtonElement).disabled).toBe(true);
    rerender(<ConflictDialog {...common} loadError="Network Error" kind="form" onReapply={vi.fn()} onTakeLatest={vi.fn()} onRetryLoad={onRetryLoad} onClose={vi.fn()} />);
    expect(screen.getByText('The latest version could not be loaded: Network Error')).toBeTruthy();
    fireEvent.click(screen.getByText('Try again'));
    expect(onRetryLoad).toHaveBeenCalledTimes(1);
  });

  it('when it was removed meanwhile, only closes', () => {
    const onClose = vi.fn();
    render(<ConflictDialog {...common} removed kind="action" actionLabel="Remove Ana from Atlas" onRetry={vi.fn()} onRetryLoad={vi.fn()} onClose={onClose} />);
    expect(screen.getByText('This assignment has since been removed.')).toBeTruthy();
    expect(screen.getByText('Remove Ana from Atlas')).toBeTruthy();
    expect(screen.queryByText('Try again on the latest')).toBeNull();
    fireEvent.click(screen.getAllByText('Close').at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
