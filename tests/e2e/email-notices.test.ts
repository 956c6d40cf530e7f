/**
 * An engineer turns off the e-mail for time off on their Profile (issue 32), in Chromium on the demo:
 * the switch holds after a reload, and the server has it off.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { ENGINEER, navigate, signIn } from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, ENGINEER.email);
});
afterAll(() => closePageSession(session));

const preferences = () =>
  page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    return (await (await fetch('/api/notifications/me', { headers: { Authorization: token } })).json()) as Record<string, boolean>;
  });

describe('e-mail choices on the Profile', () => {
  it('an engineer turns off e-mail for time off; it stays off', async () => {
    await navigate(page, 'Profile', '/profile');
    const card = page.getByTestId('email-notices');
    await card.getByTestId('notice-timeOff').waitFor();
    // Engineers get no digest: that switch is for managers.
    expect(await card.getByTestId('notice-digest').count()).toBe(0);
    expect(await card.getByTestId('notice-timeOff').getAttribute('aria-checked')).toBe('true');
    await card.getByTestId('notice-timeOff').click();
    await expect.poll(preferences).toEqual({ assigned: true, timeOff: false, digest: true, staffing: true });
    await page.reload();
    await page.getByTestId('email-notices').getByTestId('notice-timeOff').waitFor();
    expect(await page.getByTestId('email-notices').getByTestId('notice-timeOff').getAttribute('aria-checked')).toBe('false');
    await page.screenshot({ path: 'screenshots/e2e/profile-email-notices.png' });
    expect(pageErrors).toEqual([]);
  });
});
