// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';

const user = { _id: 'u1', name: 'Dana Whitfield', email: 'manager@demo.test', role: 'manager', department: 'Engineering Management' };
const engineer = { _id: 'u2', name: 'Sam Rivera', email: 'engineer@demo.test', role: 'engineer', department: 'Product Engineering' };

async function renderAt(path: string) {
  vi.resetModules();
  const { default: GuardedLayout } = await import('./GuardedLayout.tsx');
  // As main.tsx does: the session starts with the app's calls.
  const [{ startSession }, { sessionApi }] = await Promise.all([import('../../stores/session.ts'), import('../sessionApi.ts')]);
  startSession(sessionApi);
  const router = createMemoryRouter(
    [
      { path: '/', element: <div>login screen</div> },
      {
        element: <GuardedLayout />,
        children: [
          { path: '/projects', element: <div>projects screen</div> },
          { path: '/capacity', element: <div>capacity screen</div> },
          { path: '/engineer-dashboard', element: <div>engineer dashboard</div> },
          { path: '/manager-dashboard', element: <div>manager dashboard</div> },
          { path: '/people', element: <div>people screen</div> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
  // The profile for every call, except the saved views the sidebar lists (none).
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
    new Response(JSON.stringify(String(input).includes('/api/views') ? [] : user), { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('guarded area', () => {
  it('sends a visitor without a token to / and replaces the history entry', async () => {
    const router = await renderAt('/projects');
    await screen.findByText('login screen');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('restores a stored session and shows the shell with the user card and manager navigation', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    await renderAt('/projects');
    await screen.findByText('projects screen');
    const card = screen.getByTestId('user-card');
    expect(card.textContent).toContain('Dana Whitfield');
    expect(card.textContent).toContain('Manager');
    expect(card.textContent).toContain('manager@demo.test');
    // The person's initials, not the role's: every manager's avatar read 'MR'.
    expect(card.querySelector('[data-role=initials]')?.textContent).toBe('DW');
    for (const label of ['Dashboard', 'Engineers', 'Projects', 'Assignments', 'Schedule', 'Report', 'Profile', 'Logout']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(vi.mocked(fetch).mock.calls[0]![1]).toMatchObject({ headers: { Authorization: 'stored-token' } });
  });

  it("sends an engineer on a manager screen to their dashboard, replacing the entry, without rendering the screen", async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    vi.mocked(fetch).mockImplementation(async () => new Response(JSON.stringify(engineer), { status: 200 }));
    const rendered: string[] = [];
    const observer = new MutationObserver(() => rendered.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const router = await renderAt('/capacity');
    await screen.findByText('engineer dashboard');
    observer.disconnect();
    expect(router.state.location.pathname).toBe('/engineer-dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(rendered.some((text) => text.includes('capacity screen'))).toBe(false);
  });

  it('shows People & access, in the navigation and at its address, to an admin only', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => new Response(JSON.stringify(String(input).includes('/api/views') ? [] : { ...user, admin: true }), { status: 200 }));
    await renderAt('/people');
    await screen.findByText('people screen');
    expect(screen.getAllByText('People & access').length).toBeGreaterThan(0);
  });

  it('sends a user who is not an admin from People & access to their home, replacing the entry', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => new Response(JSON.stringify(String(input).includes('/api/views') ? [] : { ...user, admin: false }), { status: 200 }));
    const router = await renderAt('/people');
    await screen.findByText('manager dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('People & access')).toBeNull();
  });

  it('toggles the sidebar with Ctrl+B and remembers it in a 7-day cookie', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    await renderAt('/projects');
    await screen.findByText('projects screen');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.getAttribute('data-state')).toBe('expanded');
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    await act(async () => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(sidebar.getAttribute('data-state')).toBe('collapsed');
    expect(cookieSetter).toHaveBeenCalledWith('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    await act(async () => {
      fireEvent.keyDown(window, { key: 'b', metaKey: true });
    });
    expect(sidebar.getAttribute('data-state')).toBe('expanded');
  });

  it('logs out: removes the token, goes to /, and tells the server to end the session', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    const router = await renderAt('/projects');
    await screen.findByText('projects screen');
    await act(async () => {
      fireEvent.click(screen.getByText('Logout'));
    });
    await screen.findByText('login screen');
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    const logout = vi.mocked(fetch).mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(logout?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'stored-token' } });
  });

  it('signs out even when the server cannot be told', async () => {
    localStorage.setItem('userToken', JSON.stringify('stored-token'));
    await renderAt('/projects');
    await screen.findByText('projects screen');
    vi.mocked(fetch).mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    await act(async () => {
      fireEvent.click(screen.getByText('Logout'));
    });
    await screen.findByText('login screen');
    expect(localStorage.getItem('userToken')).toBeNull();
  });
});
