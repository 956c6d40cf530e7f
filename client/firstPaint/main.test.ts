// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packCapacity } from '../../domain/capacity/columns.ts';
import { sampleGrid } from '../../tests/support/sample-grid.ts';

/** A page as the server sends it for the schedule: the boot spinner, the first grid (or not), the held-back preloads. */
function page({ grid = true, spinner = true, text }: { grid?: boolean; spinner?: boolean; text?: string } = {}) {
  document.head.innerHTML = '';
  const first = text ?? JSON.stringify({ grid: packCapacity(sampleGrid(30)), openRoles: { count: 0, projects: 0 } });
  document.body.innerHTML =
    `<div id="root">${spinner ? '<div data-boot></div>' : '<main>the app</main>'}</div>` +
    (grid ? `<script type="application/json" id="first-schedule">${first}</script>` : '') +
    '<template id="first-paint-preloads"><link rel="modulepreload" href="/assets/a.js"></template>';
}

/** Runs the script as the page would (it acts as it loads), then lets its timers run. */
async function run() {
  vi.resetModules();
  await import('./main.ts');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const preloaded = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the first-paint script', () => {
  it('draws the first grid over the page and then lets the app\'s files load', async () => {
    page();
    await run();
    const frame = document.getElementById('first-paint')!;
    expect(frame).not.toBeNull();
    expect(frame.querySelectorAll('.schedule-row').length).toBeGreaterThan(0);
    expect(frame.querySelector('.schedule-name-cell .name')?.textContent).toBe('Bo <b>& "Co"</b>');
    expect(preloaded()).toEqual(['/assets/a.js']);
  });

  it('draws nothing over a screen the app has drawn, nor without a grid, and the app\'s files load all the same', async () => {
    for (const setup of [{ spinner: false }, { grid: false }]) {
      page(setup);
      await run();
      expect(document.getElementById('first-paint'), JSON.stringify(setup)).toBeNull();
      expect(preloaded()).toEqual(['/assets/a.js']);
    }
  });

  it('leaves the page to the app when the grid cannot be read, or drawing it fails part way', async () => {
    page({ text: JSON.stringify({ grid: { shape: 'columns', periods: null, rows: [] }, openRoles: { count: 0, projects: 0 } }) });
    await run();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(preloaded()).toEqual(['/assets/a.js']);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock('./frameMarkup.ts', async (original) => ({
      ...(await original<typeof import('./frameMarkup.ts')>()),
      frameRows: () => {
        throw new Error('no rows');
      },
    }));
    page();
    await run();
    vi.doUnmock('./frameMarkup.ts');
    expect(logged).toHaveBeenCalledOnce();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(preloaded()).toEqual(['/assets/a.js']);
  });
});
