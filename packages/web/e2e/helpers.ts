import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'tern-demo-1';
export const demo = (name: string) => `${name}@demo.tern.test`;

/** Fills the login form and submits it (the page must show the sign-in form). */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in to Tern' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The sessions signed in so far in this worker, by login (what the web app keeps in `tern.session`). */
const sessions = new Map<string, string>();

/**
 * Signs the page in as `login` (a demo user) before the app loads: through the login page once a worker, then the
 * stored session set into the browser's storage before any of the page's scripts run (a UI sign-in costs a page
 * load and a password check of the server's each time). The page is left on the app after the first sign-in, on
 * no page after the others: the caller opens the page it needs.
 */
export async function signedInAs(page: Page, login: string): Promise<void> {
  const stored = sessions.get(login);
  if (stored) {
    await page.addInitScript((value) => {
      if (!localStorage.getItem('tern.session')) localStorage.setItem('tern.session', value);
    }, stored);
    return;
  }
  await page.goto('/login');
  await signIn(page, demo(login));
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible({ timeout: 25_000 });
  const session = await page.evaluate(() => localStorage.getItem('tern.session'));
  if (session) sessions.set(login, session);
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  return page.getByRole('menu');
}

export async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

interface OutboxMail {
  id: string;
  attributes: { to: string; subject: string; text: string; kind: string; created_at: string };
}

/** The sandbox outbox (JSON:API, snake_case attributes), newest first. */
export async function outbox(request: APIRequestContext, to: string, kind?: string): Promise<OutboxMail[]> {
  const query = new URLSearchParams({ to, ...(kind ? { kind } : {}) });
  const reply = await request.get(`/api/v1/outbox?${query}`, { headers: { accept: 'application/json' } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: OutboxMail[] }).data;
}

/** Waits for a new mail of `kind` to `to` (more than `before` of them) and returns the newest. */
export async function nextMail(request: APIRequestContext, to: string, kind: string, before: number) {
  let mails: OutboxMail[] = [];
  await expect
    .poll(async () => {
      mails = await outbox(request, to, kind);
      return mails.length;
    })
    .toBeGreaterThan(before);
  return mails[0]!;
}

/** A PNG or JPEG of one colour, drawn by the page's canvas (the upload fixtures of the photo tests). */
export async function canvasImage(
  page: Page,
  type: 'image/png' | 'image/jpeg',
  colour: string,
  size: { width: number; height: number } = { width: 900, height: 600 },
): Promise<Buffer> {
  const url = await page.evaluate(
    ([t, c, w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = Number(w);
      canvas.height = Number(h);
      const g = canvas.getContext('2d')!;
      g.fillStyle = String(c);
      g.fillRect(0, 0, Number(w), Number(h));
      return canvas.toDataURL(String(t), 0.9);
    },
    [type, colour, size.width, size.height] as const,
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}
