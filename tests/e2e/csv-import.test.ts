/**
 * A manager imports CSV files through the Import / Export screen in Chromium on the real server:
 * chooses the kind and the file, reads the preview, imports with a progress bar, reads the counts,
 * and finds the rows on the Engineers and Assignments screens.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { MANAGER, navigate, normalize, screenshot, signIn } from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const engineersCsv = [
  'name,email,department,seniority,maxCapacity,skills',
  'Wren Okafor,wren.okafor@import.test,Platform,senior,100,Go; Kubernetes',
  'Juno Park,juno.park@import.test,Data,mid,50,Python',
  'Bad Row,not-an-email,Data,mid,50,',
].join('\r\n');

async function chooseFile(name: string, text: string) {
  await page.getByTestId('import-card').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** The preview's counts, once they read `expected` (a new file replaces the previous preview). */
async function waitForSummary(expected: string) {
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid=import-summary]')?.textContent?.replace(/\s+/g, '') === text,
    expected.replace(/[\s,]+/g, ''),
  );
}

describe('CSV import through the screen', () => {
  it('previews a file row by row, errors first, and will not import while a row has an error', async () => {
    await navigate(page, 'Import / Export', '/import-export');
    await chooseFile('engineers.csv', engineersCsv);
    await waitForSummary('2 to create, 0 to update, 0 unchanged, 1 with errors');
    const firstRow = normalize(await page.getByTestId('import-preview').locator('tbody tr.ant-table-row').first().innerText());
    expect(firstRow).toContain('4');
    expect(firstRow).toContain('Error');
    expect(firstRow).toContain('email: A valid email is required');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    await screenshot(page, 'import-preview-errors');
  });

  it('imports the fixed file with a progress bar and shows the counts; the engineers are on the Engineers screen', async () => {
    await chooseFile('engineers.csv', engineersCsv.split('\r\n').slice(0, 3).join('\r\n'));
    await waitForSummary('2 to create, 0 to update, 0 unchanged, 0 with errors');
    await page.getByTestId('import-run').click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(normalize(await result.innerText())).toContain('Imported: 2 created, 0 updated, 0 unchanged');
    await screenshot(page, 'import-done');

    await navigate(page, 'Engineers', '/engineers');
    await page.getByTestId('add-engineer').waitFor();
    await page.getByText('Wren Okafor').first().waitFor();
    await page.getByText('Juno Park').first().waitFor();
  });

  it('imports an assignment for an imported engineer; it is on the Assignments screen', async () => {
    await navigate(page, 'Import / Export', '/import-export');
    await page.getByTestId('import-kind').getByText('Assignments', { exact: true }).click();
    const csv = ['engineerEmail,projectName,role,allocationPercentage,startDate,endDate', `wren.okafor@import.test,Payments Platform Migration,Platform Reviewer,30,${day(-1)},${day(30)}`].join('\n');
    await chooseFile('assignments.csv', csv);
    await waitForSummary('1 to create, 0 to update, 0 unchanged, 0 with errors');
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-result').waitFor();

    await navigate(page, 'Assignments', '/assignments');
    const row = normalize(await page.getByTestId('all-assignments').locator('tr', { hasText: 'Platform Reviewer' }).first().innerText());
    expect(row).toContain('Wren Okafor');
    expect(row).toContain('Payments Platform Migration');
    expect(pageErrors).toEqual([]);
  });
});
