import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Sql } from '../../src/platform/db/database';
import { bearer, enableAdminTwoFactor, loginAdmin, startPortal, type Session, type TestPortal } from '../harness';
import { sql } from '../../src/platform/db/sql';

/**
 * A portal for the file's tests whose pictures go to a fresh temporary
 * folder, removed with the portal after the last test (`usePortal`'s twin).
 */
export function useProductPortal(ready: (portal: TestPortal, admin: Session, mediaDir: string) => void): void {
  let portal: TestPortal | undefined;
  let mediaDir: string | undefined;
  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'portal-media-'));
    portal = await startPortal({ MEDIA_DIR: mediaDir });
    const admin = await loginAdmin(portal.app);
    await enableAdminTwoFactor(portal, admin);
    ready(portal, admin, mediaDir);
  });
  afterAll(async () => {
    await portal?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });
}

let names = 0;
export async function createProduct(
  app: FastifyInstance,
  admin: Session,
  body: Partial<{ name: string; description: string; price: string; stock: number; active: boolean }> = {},
): Promise<{ id: number; name: string; price: string; stock: number }> {
  names += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: bearer(admin),
    payload: {
      name: `Product ${names} ${randomBytes(3).toString('hex')}`,
      description: 'A fine thing',
      price: '25',
      stock: 10,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(data: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.filename ?? 'picture.png'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadImage(
  app: FastifyInstance,
  admin: Session,
  productId: number,
  data: Buffer,
  options: Parameters<typeof multipart>[1] = {},
) {
  const body = multipart(data, options);
  return app.inject({
    method: 'PUT',
    url: `/api/admin/products/${productId}/image`,
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
}

/** A small real picture. */
export function pngOf(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 140, g: 87, b: 255 } } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A real PNG whose IHDR header claims other dimensions than its pixel data
 * holds, with a correct checksum, so only decoding can tell the lie.
 */
export function withLyingHeader(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4): width and height follow.
  expect(copy.toString('latin1', 12, 16)).toBe('IHDR');
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

/** What a refused request must leave as it was: products, redemptions, the books, the audit log. */
export async function shopFingerprint(db: Sql): Promise<string> {
  const { rows } = await db.query(
    sql`SELECT (SELECT string_agg(id || ':' || stock || ':' || active || ':' || COALESCE(image_hash, '-'), ',' ORDER BY id) FROM products) AS products,
            (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM redemptions) AS redemptions,
            (SELECT count(*)::int FROM journal_entries) AS entries,
            (SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM ledger_accounts WHERE kind = 'member') AS balances,
            (SELECT count(*)::int FROM audit_log) AS audit,
            (SELECT count(*)::int FROM idempotency_keys) AS keys`,
  );
  return JSON.stringify(rows[0]);
}

export function redeem(app: FastifyInstance, member: Session, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/redemptions',
    headers: { ...bearer(member), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

export async function stockOf(db: Sql, productId: number): Promise<number> {
  const { rows } = await db.query<{ stock: number }>(sql`SELECT stock FROM products WHERE id = ${productId}`);
  return Number(rows[0]!.stock);
}
