/**
 * Accessibility as axe-core measures it, on every screen each role of the demo can reach, in Chromium
 * at 1440 x 900: no violation whose impact is critical or serious (WCAG 2.1 AA text contrast, ARIA
 * roles with the parents and children they require, fields and progress bars with a name...).
 *
 * The screens come from the sidebar's own list per role (client/app/layout/nav.ts), plus the screens
 * under an entry (one project, one scenario) and the signed-out login and forgot-password pages. One
 * server, one browser, one page per role; each screen is opened by its address, left to settle, and
 * axe-core is injected and run on the whole document. A summary per screen is printed at the end.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navItems } from '../../client/app/layout/nav.ts';
import { httpApi } from '../support/api-client.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { DESKTOP, ENGINEER, MANAGER, settle, signIn } from '../support/screens.ts';

const AUDITOR = { email: 'auditor@demo.test' };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule's failures on a screen: how many elements, and each distinct reason with an element it names. */
type Finding = { rule: string; impact: string; nodes: number; samples: string[] };
type Screen = { label: string; path: () => string };

let session: PageSession | undefined;
const summary: { role: string; screen: string; critical: number; serious: number; rules: string }[] = [];
let projectPath = '';
let scenarioPath = '';

beforeAll(async () => {
  session = await openPageSession();
  const api = httpApi(session.server.baseUrl);
  const token = await api.login(MANAGER.email);
  const projects = (await api.request({ method: 'GET', url: '/api/projects', token })).json() as { _id: string; name: string }[];
  const portal = projects.find((project) => project.name === 'Customer Portal Redesign') ?? projects[0]!;
  projectPath = `/projects/${portal._id}`;
  // The demo has no scenario: one shared draft, so the auditor can open it too.
  const created = await api.request({ method: 'POST', url: '/api/scenarios', token, body: { name: 'Win the mobile deal', shared: true } });
  expect(created.statusCode).toBe(201);
  scenarioPath = `/scenarios/${(created.json() as { _id: string })._id}`;
});

afterAll(async () => {
  const width = Math.max(...summary.map((row) => `${row.role} ${row.screen}`.length));
  const lines = summary.map((row) => `${`${row.role} ${row.screen}`.padEnd(width)}  critical ${String(row.critical).padStart(3)}  serious ${String(row.serious).padStart(3)}${row.rules ? `  ${row.rules}` : ''}`);
  console.log(`axe-core, critical and serious violations (elements) per screen:\n${lines.join('\n')}`);
  await closePageSession(session);
});

/**
 * A page of its own, as newContext (screens.ts) makes one, that lets axe-core in: the app's Content
 * Security Policy refuses inline scripts, as it should, and the test's injected script is one.
 */
async function axePage(): Promise<Page> {
  const context = await session!.browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US', bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => session!.pageErrors.push(error.message));
  return page;
}

/** Runs axe-core on the page as it stands and returns its critical and serious findings. */
async function audit(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      samples: [...new Map(v.nodes.map((node) => [(node.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, ''), JSON.stringify(node.target)])).entries()]
        .slice(0, 6)
        .map(([reason, target]) => `${target} ${reason}`),
    }));
  });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** Opens a screen by its address and waits for its data and motion to settle. */
async function open(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await settle(page, 800);
  // A colour read mid-transition is neither the old nor the new one (a button fading from disabled as
  // its rows arrive): wait until only endless animations (spinners, the live dot) still run.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

async function check(page: Page, role: string, screen: Screen): Promise<void> {
  const findings = await audit(page);
  const count = (impact: string) => findings.filter((f) => f.impact === impact).reduce((sum, f) => sum + f.nodes, 0);
  summary.push({ role, screen: screen.label, critical: count('critical'), serious: count('serious'), rules: findings.map((f) => `${f.rule} ${f.nodes}`).join(', ') });
  expect(findings.map((f) => `${f.impact} ${f.rule} x${f.nodes}:\n  ${f.samples.join('\n  ')}`), `${role} on ${screen.label} (${screen.path()})`).toEqual([]);
}

/** The screens a role reaches from its sidebar, and the ones under an entry that it may open (their addresses known once the server runs). */
function screensOf(role: 'manager' | 'auditor' | 'engineer', admin: boolean): Screen[] {
  const screens: Screen[] = navItems(role, admin).map((item) => ({ label: item.label, path: () => item.path }));
  if (role === 'engineer') return screens;
  return [...screens, { label: 'Project page', path: () => projectPath }, { label: 'Scenario', path: () => scenarioPath }];
}

describe('signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await axePage();
  });
  afterAll(() => page?.context().close());

  it.each([
    { label: 'Login', path: () => '/' },
    { label: 'Forgot password', path: () => '/forgot' },
  ])('$label has no critical or serious violation', async (screen) => {
    await open(page, session!.server.baseUrl, screen.path());
    await check(page, 'signed out', screen);
  });
});

for (const [role, email, admin] of [
  ['manager', MANAGER.email, true],
  ['auditor', AUDITOR.email, false],
  ['engineer', ENGINEER.email, false],
] as const) {
  describe(`${role}${admin ? ' (admin)' : ''}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await axePage();
      await signIn(page, session!.server.baseUrl, email);
    });
    afterAll(() => page?.context().close());

    it.each(screensOf(role, admin))('$label has no critical or serious violation', async (screen) => {
      await open(page, session!.server.baseUrl, screen.path());
      await check(page, role, screen);
      expect(session!.pageErrors).toEqual([]);
    });
  });
}
