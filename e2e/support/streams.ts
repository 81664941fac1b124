import type { Request } from '@playwright/test';

/**
 * The signed-in frame keeps the notifications stream open for as long as the page is (server-sent events,
 * apps/web/src/features/notifications/live.ts): a request that never finishes by design. A wait for a quiet
 * network leaves it out, and Playwright's own `networkidle` never comes on a signed-in page.
 */
export const isLongLived = (request: Request): boolean => request.url().endsWith('/api/notifications/stream');
