import { tmpdir } from 'node:os';
export const E2E_ADMIN_PASSWORD = 'E2E-Admin-Pass-2026!';
export const ROOT_USERNAME = 'company';

/**
 * The test server's data folder (one per port): the browser tests read the
 * mail the portal wrote to its file outbox there, as an operator would.
 */
export const e2eDataDir = (port = process.env.E2E_PORT ?? '4173') => `${tmpdir()}/portal-e2e-${port}`;

/**
 * Debian's Chromium as the browser tests and the screenshots launch it: no
 * browser download (the machine reaches only the package registries), and
 * none of the background connections its closed network would refuse.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
