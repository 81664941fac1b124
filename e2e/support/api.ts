import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD, ROOT_USERNAME, e2eDataDir } from './constants';

export const MEMBER_PASSWORD = 'Quiet-Harbor-Lantern-7';

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { headers: { authorization: basic(username, password) } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { accessToken: string; refreshToken: string; user: { id: number; username: string } };
}

export const adminLogin = (request: APIRequestContext) => apiLogin(request, 'admin', E2E_ADMIN_PASSWORD);

let seq = 0;
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1000)}`;
}

/** A new member registered through the API (the browser flows have their own test). */
export async function registerViaApi(
  request: APIRequestContext,
  options: { username?: string; sponsor?: string; side?: 'left' | 'right'; fullName?: string } = {},
) {
  const username = options.username ?? uniqueName('m');
  const res = await request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      fullName: options.fullName ?? `Member ${username}`,
      password: MEMBER_PASSWORD,
      sponsor: options.sponsor ?? ROOT_USERNAME,
      ...(options.side ? { side: options.side } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password: MEMBER_PASSWORD, email: `${username}@example.com` };
}

/**
 * The newest mail the portal sent to this address (no SMTP in tests): read
 * from the file outbox in the server's data folder, as the operator would;
 * the admin outbox in the API shows mails with their links redacted.
 */
export async function latestMailTo(_request: APIRequestContext, email: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let mail: string | undefined;
  await expect
    .poll(() => {
      const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
      mail = files.map((name) => readFileSync(path.join(dir, name), 'utf8')).find((text) => text.toLowerCase().startsWith(`to: ${email.toLowerCase()}\n`));
      return mail !== undefined;
    }, { message: `no mail for ${email}` })
    .toBe(true);
  return mail!;
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Members land on /dashboard, admins on /admindashboard (issue 15, point 1).
  await expect(page).toHaveURL(/\/(admin)?dashboard$/);
}

export const signInAdmin = (page: Page) => signIn(page, 'admin', E2E_ADMIN_PASSWORD);
