import { tmpdir } from 'node:os';
export const E2E_ADMIN_PASSWORD = 'E2E-Admin-Pass-2026!';
export const ROOT_USERNAME = 'company';

/**
 * The test server's data folder (one per port): the browser tests read the
 * mail the portal wrote to its file outbox there, as an operator would.
 */
export const e2eDataDir = (port = process.env.E2E_PORT ?? '4173') => `${tmpdir()}/portal-e2e-${port}`;
