/**
 * A manager imports another tool's people export through the Import / Export screen in Chromium on
 * the real server: the preview shows how each of the file's columns is read, the manager reads one
 * otherwise, the preview follows, and the import reads the file as previewed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { MANAGER, navigate, normalize, screenshot, signIn } from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

// Runn's people export: first and last names apart, a role, a team, work days by name.
const runnPeople = [
  'First Name,Last Name,Email,Role,Team,Work Days',
  'Noor,Runn,noor.runn@mapping.test,Lead Developer,Payments,Mon;Tue;Wed;Thu',
  'Omar,Runn,omar.runn@mapping.test,Developer,Payments,Mon;Tue;Wed;Thu;Fri',
].join('\r\n');

async function waitForSummary(expected: string) {
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid=import-summary]')?.textContent?.replace(/\s+/g, '') === text,
    expected.replace(/[\s,]+/g, ''),
  );
}

describe('an import that maps another tool\'s columns', () => {
  it('shows the columns as guessed, reads Team as our department when told, and imports', async () => {
    await navigate(page, 'Import / Export', '/import-export');
    await page.getByTestId('import-card').locator('input[type=file]').setInputFiles({ name: 'runn-people.csv', mimeType: 'text/csv', buffer: Buffer.from(runnPeople) });
    // Guessed, Team is a team, and there are none to name here: every row says so.
    await waitForSummary('0 to create, 0 to update, 0 unchanged, 2 with errors');
    const mapping = page.getByTestId('import-mapping');
    expect(normalize(await mapping.innerText())).toContain('First Name');
    expect(normalize(await page.getByTestId('import-map-Team').innerText())).toBe('team');
    expect(normalize(await page.getByTestId('import-map-Role').innerText())).toBe('jobTitle');

    await page.getByTestId('import-map-Team').click();
    await page.locator('.ant-select-item-option', { hasText: 'department' }).click();
    await waitForSummary('2 to create, 0 to update, 0 unchanged, 0 with errors');
    expect(normalize(await page.getByTestId('import-map-Team').innerText())).toBe('department');
    await screenshot(page, 'import-mapping');

    await page.getByTestId('import-run').click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(normalize(await result.innerText())).toContain('Imported: 2 created, 0 updated, 0 unchanged');

    await navigate(page, 'Engineers', '/engineers');
    await page.getByText('Noor Runn').first().waitFor();
    await page.getByText('Omar Runn').first().waitFor();
  });
});
