import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type TestPortal } from '../harness';

/**
 * The HTML of the web app's pages (src/shared/page-html.ts), from a built app
 * of a few files: on a signed-in path it preloads the signed-in route table
 * the build names (apps/web/build/signed-in-preload.ts), on `/` and the guest
 * pages it does not, so the sign-in page stays light
 * (docs/decisions/0023-a-light-sign-in-page.md, step 6).
 */
const TABLE = '/assets/signed-in-routes-abc123.js';
const PRELOAD = `<link rel="modulepreload" crossorigin href="${TABLE}">`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Members Portal</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function builtApp(withPreloadList: boolean): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets', 'signed-in-routes-abc123.js'), 'export {};\n');
  if (withPreloadList)
    writeFileSync(
      join(dist, 'signed-in-preload.json'),
      JSON.stringify({
        // The entry too, which the HTML names already: not named twice.
        modulepreload: [TABLE, '/assets/index-abc123.js'],
        except: ['/', '/login', '/register', '/forgot-password', '/password-reset'],
      }),
    );
  return dist;
}

/** A portal serving a built app of its own (with or without the preload list) for the enclosing describe. */
function useBuiltApp(withPreloadList: boolean, ready: (portal: TestPortal) => void) {
  let portal: TestPortal | undefined;
  let dist: string;
  beforeAll(async () => {
    dist = builtApp(withPreloadList);
    portal = await startPortal({}, { webDist: dist });
    ready(portal);
  });
  afterAll(async () => {
    await portal?.close();
    rmSync(dist, { recursive: true, force: true });
  });
}

describe('page HTML with the signed-in route table preloaded', () => {
  let portal: TestPortal;
  useBuiltApp(true, (started) => (portal = started));

  const page = async (url: string) => {
    const res = await portal.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };

  it('preloads the table on signed-in paths, before the end of the head', async () => {
    for (const url of ['/dashboard', '/Users', '/admin/settings', '/wallet?tab=2']) {
      const html = await page(url);
      expect(html, url).toContain(`${PRELOAD}\n</head>`);
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html.split('/assets/index-abc123.js').length - 1, url).toBe(1);
    }
  });

  it('preloads it on an unknown path too: the router needs the table to tell it has no such page', async () => {
    expect(await page('/no-such-page')).toContain(PRELOAD);
    expect(await page('/Login')).toContain(PRELOAD);
  });

  it('leaves it out of / and the guest pages', async () => {
    for (const url of [
      '/',
      '/login',
      '/login/',
      '/login?next=%2Fwallet',
      '/register',
      '/forgot-password',
      '/password-reset?token=t',
    ]) {
      expect(await page(url), url).toBe(INDEX);
    }
  });

  it('serves the chunk itself, and still answers JSON for the API and missing files', async () => {
    const chunk = await portal.app.inject({ method: 'GET', url: TABLE });
    expect(chunk.statusCode).toBe(200);
    expect((await portal.app.inject({ method: 'GET', url: '/api/no-such-endpoint' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await portal.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('page HTML of a build without the preload list', () => {
  let portal: TestPortal;
  useBuiltApp(false, (started) => (portal = started));

  it('serves index.html as it is on every page path', async () => {
    for (const url of ['/dashboard', '/login']) {
      const res = await portal.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });
});
