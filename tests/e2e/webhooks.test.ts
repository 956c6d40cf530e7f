/**
 * Webhooks end to end in Chromium on the real server: an admin finds the Webhooks screen next to
 * People & access (its empty state first), adds an endpoint (a local receiver), sends a test event,
 * and the delivery log shows it; the receiver got it signed with the endpoint's secret. An engineer shows
 * their calendar feed's address on the Profile, a calendar app can read it, and revoking it ends it.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { signIn } from '../support/screens.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

const SECRET = 'e2e-receiver-secret-0123456789';
let session: PageSession;
let receiver: Receiver;

beforeAll(async () => {
  session = await openPageSession();
  receiver = await startReceiver(SECRET);
});
afterAll(async () => {
  await receiver?.close();
  await closePageSession(session);
});

it('an admin adds an endpoint, sends a test event, and the delivery log shows it', async () => {
  const { page, server } = session;
  await signIn(page, server.baseUrl, 'manager@demo.test');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.waitForURL(/\/webhooks$/);
  await page.getByTestId('webhooks-empty').getByText('No webhook endpoints yet').waitFor();

  await page.getByTestId('webhook-add').first().click();
  const dialog = page.getByTestId('webhook-dialog');
  await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
  await dialog.getByLabel('Secret', { exact: true }).fill(SECRET);
  await dialog.getByTestId('webhook-dialog-submit').click();
  await dialog.waitFor({ state: 'hidden' });

  const endpoint = page.getByTestId('webhook-endpoint');
  await expect.poll(() => endpoint.getByTestId('webhook-url').textContent()).toBe(receiver.url);
  await expect.poll(() => endpoint.getByTestId('webhook-state').textContent()).toBe('Active');

  await endpoint.getByTestId('webhook-test').click();
  await page.getByText(/Test event delivered \(200/).waitFor();
  expect(receiver.received.at(-1)).toMatchObject({ type: 'WebhookTest', signed: true });

  const log = endpoint.getByTestId('webhook-deliveries');
  await expect.poll(() => log.getByTestId('delivery-type').allTextContents()).toContain('WebhookTest');
  await expect.poll(() => log.locator('tr', { hasText: 'WebhookTest' }).getByTestId('delivery-status').textContent()).toBe('200');
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/webhooks.png' });
  expect(session.pageErrors).toEqual([]);
});

it('an engineer shows their calendar feed on the Profile, it answers iCalendar, and revoking it ends it', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC', locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'engineer@demo.test');
    await page.getByRole('link', { name: 'Profile' }).click();
    const card = page.getByTestId('calendar-feed');
    await card.getByTestId('calendar-feed-show').click();
    const url = await card.getByTestId('calendar-feed-url').inputValue();
    expect(url).toMatch(/\/ical\/[\w-]{43}\.ics$/);
    const feed = await fetch(`${server.baseUrl}${new URL(url).pathname}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:.+\(\d+%\)/);
    await page.screenshot({ path: '/tmp/shots/calendar-feed.png' });

    await card.getByTestId('calendar-feed-revoke').click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
    await page.getByText('Calendar feed revoked').waitFor();
    expect((await fetch(`${server.baseUrl}${new URL(url).pathname}`)).status).toBe(404);
  } finally {
    await context.close();
  }
});
