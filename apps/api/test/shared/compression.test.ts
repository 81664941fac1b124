import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '../../src/shared/compression';
import { ADMIN_PASSWORD, bearer, login, startPortal, type TestPortal } from '../harness';

/**
 * Answers compressed for a client that asks (src/shared/compression.ts): the web app's built files sent as their
 * brotli or gzip copy made at build (apps/web/build/precompress.ts writes them), JSON above 1 KB compressed on the
 * fly, and the answers that carry a secret never compressed.
 */
const SCRIPT = `export const lines = [${Array.from({ length: 200 }, (_, i) => `"line ${i} of the bundle"`).join(', ')}];\n`;
const ASSET = '/assets/app-abc123.js';

function builtApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Members Portal</title>');
  const file = join(dist, 'assets', 'app-abc123.js');
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  return dist;
}

let portal: TestPortal;
let dist: string;
beforeAll(async () => {
  dist = builtApp();
  portal = await startPortal({}, { webDist: dist });
});
afterAll(async () => {
  await portal?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  portal.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the built files', () => {
  it('are sent as their brotli copy to a browser that accepts it, varying by Accept-Encoding', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('as their gzip copy to one that accepts only gzip', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('as they are to one that asks for no encoding', async () => {
    const res = await get(ASSET);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });
});

describe('the API’s answers', () => {
  it('JSON above 1 KB is compressed on the fly for a client that asks, and the same JSON when decompressed', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await get('/api/docs/json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('an answer that carries a secret is never compressed, whatever its size, to a client that asks', async () => {
    // A bare app compressing from the first byte: the portal's secret-bearing answers are under 1 KB today, so
    // only a threshold of 0 shows the rule rather than the threshold.
    const app = Fastify();
    await compressAnswers(app, 0);
    const answer = { accessToken: 'secret-token-'.repeat(20), note: 'text an attacker chose '.repeat(20) };
    for (const url of ['/api/auth/login', '/api/me/2fa/setup', '/api/me', '/api/wallets'])
      app.get(url, async () => answer);
    const encodingOf = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } })).headers[
        'content-encoding'
      ];
    expect(await encodingOf('/api/auth/login')).toBeUndefined();
    expect(await encodingOf('/api/me/2fa/setup')).toBeUndefined();
    expect(await encodingOf('/api/me')).toBe('br');
    expect(await encodingOf('/api/wallets')).toBe('br');
    await app.close();
  });

  it('a compressed request body is not inflated: it is refused as the JSON it is not, in words', async () => {
    const admin = await login(portal.app, 'admin', ADMIN_PASSWORD);
    const res = await portal.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...bearer(admin), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ fullName: 'Compressed Name' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string; message: string }>().code).toBeTruthy();
    expect((await get('/api/me', undefined, bearer(admin))).json<{ fullName: string }>().fullName).not.toBe(
      'Compressed Name',
    );
  });
});
