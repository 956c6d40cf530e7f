// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '../../../domain/import/index.ts';
import { ImportCard } from './ImportCard.tsx';

const calls: { url: string; body: unknown }[] = [];

/** The server's preview of an open-roles file whose 'Need' column it could not name: not imported until chosen. */
const previewFor = (url: string): ImportPreview => {
  const chosen = new URL(url, 'http://x').searchParams.get('mapping');
  const mapping = chosen ? JSON.parse(chosen) : { Project: 'projectName', Need: null, Allocation: 'allocationPercentage', 'Start Date': 'startDate', 'End Date': 'endDate' };
  return {
    kind: 'open-roles', total: 1, counts: { create: mapping.Need ? 1 : 0, update: 0, unchanged: 0, error: mapping.Need ? 0 : 1 },
    fileErrors: [], fileWarnings: [], mapping,
    rows: [{ line: 2, key: 'Designer on Portal from 2027-05-03', action: mapping.Need ? 'create' : 'error', changes: [], diff: [], errors: mapping.Need ? [] : [{ line: 2, column: 'role', message: 'Role is required' }] }],
  };
};

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body });
    return new Response(JSON.stringify(previewFor(url)), { status: 200 });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Import card', () => {
  it('offers teams and open roles as kinds of their own, each with its columns and key', async () => {
    render(<ImportCard />);
    const kinds = screen.getByTestId('import-kind');
    expect(within(kinds).getAllByRole('radio').length).toBe(8);
    expect(within(kinds).getByText('Teams')).toBeTruthy();
    fireEvent.click(within(kinds).getByText('Teams'));
    await screen.findByText('Rows are matched by name: importing the same file twice changes nothing the second time.', { exact: false });
    expect(screen.getByText('parent (optional)')).toBeTruthy();

    fireEvent.click(within(kinds).getByText('Open roles'));
    await screen.findByText('Rows are matched by projectName, role, startDate', { exact: false });
    for (const column of ['projectName', 'role', 'allocationPercentage', 'startDate', 'endDate', 'skills (optional)']) expect(screen.getByText(column)).toBeTruthy();
  });

  it('previews an open-roles file, and reading a column as chosen previews it again with that mapping', async () => {
    render(<ImportCard />);
    fireEvent.click(within(screen.getByTestId('import-kind')).getByText('Open roles'));
    const input = screen.getByTestId('import-card').querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['Project,Need,Allocation,Start Date,End Date\nPortal,Designer,50,2027-05-03,2027-06-30\n'], 'roles.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByTestId('import-mapping');
    expect(calls[0]!.url).toBe('/api/import/open-roles/preview');
    expect(calls[0]!.body).toContain('Project,Need');
    expect(screen.getByTestId('import-summary').textContent).toContain('1 with errors');

    // Need is read as the role: the whole mapping the preview showed goes with it.
    fireEvent.mouseDown(screen.getByLabelText('Read Need as'));
    // The option in the opened list (the column tags above carry the same title).
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="The role needed"]');
      if (!found) throw new Error('the list of columns is not open');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(calls.length).toBe(2));
    const sent = JSON.parse(new URL(calls[1]!.url, 'http://x').searchParams.get('mapping')!);
    expect(sent).toEqual({ Project: 'projectName', Need: 'role', Allocation: 'allocationPercentage', 'Start Date': 'startDate', 'End Date': 'endDate' });
    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toContain('1 to create'));
    expect(screen.getByTestId('import-run').textContent).toBe('Import 1 row');
  });
});
