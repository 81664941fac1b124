import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_IMAGE_BYTES } from '@portal/contract';
import { bearer, errorOf, registerMember, type Session, type TestPortal } from '../harness';
import {
  createProduct,
  pngOf,
  shopFingerprint,
  useProductPortal,
  uploadImage,
  withLyingHeader,
} from './product-helpers';
import { sql } from '../../src/platform/db/sql';

let portal: TestPortal;
let admin: Session;
let mediaDir: string;
useProductPortal((started, signedIn, media) => {
  portal = started;
  admin = signedIn;
  mediaDir = media;
});

describe('the product catalogue', () => {
  it('an admin adds, edits and deactivates products; members see only the active ones; every change is audited', async () => {
    const member = await registerMember(portal.app);
    const mug = await createProduct(portal.app, admin, { name: 'Portal mug', price: '12.5', stock: 7 });
    expect(mug).toMatchObject({
      name: 'Portal mug',
      price: '12.50',
      stock: 7,
      active: true,
      imageUrl: null,
      thumbnailUrl: null,
    });
    const cap = await createProduct(portal.app, admin, { name: 'Portal cap' });

    const off = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${cap.id}`,
      headers: bearer(admin),
      payload: { active: false, stock: 3 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, stock: 3 });

    const catalogue = await portal.app.inject({
      method: 'GET',
      url: '/api/products?search=portal',
      headers: bearer(member),
    });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().items.map((p: { name: string }) => p.name)).toEqual(['Portal mug']);

    const all = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/products?search=portal&sort=name',
      headers: bearer(admin),
    });
    expect(all.json().items.map((p: { name: string }) => p.name)).toEqual(['Portal cap', 'Portal mug']);
    const csv = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/products?search=portal&format=csv',
      headers: bearer(admin),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('id,name,description,price_points,stock,active,image_url,updated_at');
    expect(csv.body).toContain('Portal cap');

    const { rows } = await portal.db.query<{ action: string; target_id: string }>(
      sql`SELECT action, target_id FROM audit_log WHERE target_type = 'product' AND target_id = ANY(${[String(mug.id), String(cap.id)]}) ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['product.create', 'product.create', 'product.update']);
  });

  it('members may not manage the catalogue', async () => {
    const member = await registerMember(portal.app);
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(member),
      payload: { name: 'Nope', price: '1', stock: 1 },
    });
    expect(res.statusCode).toBe(403);
    const upload = await uploadImage(portal.app, member, 1, await pngOf());
    expect(upload.statusCode).toBe(403);
  });

  it('refuses bad product fields with a 400 naming the field, and a duplicate name with a 409', async () => {
    const existing = await createProduct(portal.app, admin);
    const before = await shopFingerprint(portal.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', price: '1', stock: 1 }, 'name'],
      [{ name: 'x'.repeat(81), price: '1', stock: 1 }, 'name'],
      [{ name: 'Ok', price: '0', stock: 1 }, 'price'],
      [{ name: 'Ok', price: '-5', stock: 1 }, 'price'],
      [{ name: 'Ok', price: 5, stock: 1 }, 'price'],
      [{ name: 'Ok', price: '1', stock: -1 }, 'stock'],
      [{ name: 'Ok', price: '1', stock: 1.5 }, 'stock'],
      [{ name: 'Ok', price: '1', stock: 1e12 }, 'stock'],
      [{ name: 'Ok', price: '1', stock: 1, description: 'd'.repeat(2001) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field, JSON.stringify(payload)).toBe(field);
    }
    const duplicate = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: existing.name.toUpperCase(), price: '1', stock: 1 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).code).toBe('PRODUCT_NAME_TAKEN');
    const negative = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${existing.id}`,
      headers: bearer(admin),
      payload: { stock: -3 },
    });
    expect(negative.statusCode).toBe(400);
    const unknown = await portal.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/999999',
      headers: bearer(admin),
      payload: { stock: 3 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await shopFingerprint(portal.db)).toBe(before);
  });
});

describe('product pictures', () => {
  pictureServingTests();
  badUploadTests();
});

function pictureServingTests() {
  it('a PNG is checked, re-encoded without metadata, thumbnailed and served with safe, long-lived headers', async () => {
    const product = await createProduct(portal.app, admin);
    // A JPEG carrying EXIF metadata (camera, orientation): none of it may survive.
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#16B1FF' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'Leaky 3000', Copyright: 'GPS 52.1,4.3' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await uploadImage(portal.app, admin, product.id, jpeg, {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imageUrl).toMatch(/^\/api\/media\/products\/[0-9a-f]{64}\.webp$/);
    expect(body.thumbnailUrl).toMatch(/^\/api\/media\/products\/[0-9a-f]{64}-thumb\.webp$/);

    const image = await portal.app.inject({ method: 'GET', url: body.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(stored.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const thumb = await portal.app.inject({ method: 'GET', url: body.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });

    // The name is the content hash: the same picture again gives the same files.
    const again = await uploadImage(portal.app, admin, product.id, jpeg);
    expect(again.json().imageUrl).toBe(body.imageUrl);

    const audit = await portal.db.query<{ details: { to: string } }>(
      sql`SELECT details FROM audit_log WHERE action = 'product.image' AND target_id = ${String(product.id)}`,
    );
    expect(audit.rows).toHaveLength(2);
    expect(body.imageUrl).toContain(audit.rows[0]!.details.to);
  });

  it('accepts a large photo under the limit, larger than the JSON body limit', async () => {
    const product = await createProduct(portal.app, admin);
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(MAX_PRODUCT_IMAGE_BYTES);
    const res = await uploadImage(portal.app, admin, product.id, noise);
    expect(res.statusCode, res.body).toBe(200);
    const image = await portal.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 1000 });
  });

  it('serves nothing but stored pictures', async () => {
    for (const url of [
      '/api/media/products/..%2F..%2Fetc%2Fpasswd',
      '/api/media/products/' + 'a'.repeat(64) + '.webp',
      '/api/media/products/x.svg',
    ]) {
      const res = await portal.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
}

function badUploadTests() {
  it('refuses every bad upload with a 4xx and a clear message, storing and changing nothing', async () => {
    const product = await createProduct(portal.app, admin);
    const real = await pngOf(32, 32);
    const before = await shopFingerprint(portal.db);
    const filesBefore = readdirSync(mediaDir).sort();

    const oversized = Buffer.concat([real, randomBytes(MAX_PRODUCT_IMAGE_BYTES + 1 - real.length + 10)]);
    const cases: Array<[string, Buffer, Parameters<typeof uploadImage>[4], number, string]> = [
      ['oversized', oversized, {}, 413, 'IMAGE_TOO_LARGE'],
      [
        'a text file renamed .png',
        Buffer.from('just some text, not a picture at all\n'.repeat(20)),
        { filename: 'cat.png', contentType: 'image/png' },
        422,
        'IMAGE_INVALID',
      ],
      [
        'an SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        { filename: 'x.png' },
        422,
        'IMAGE_INVALID',
      ],
      [
        'a GIF',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        { filename: 'x.png' },
        422,
        'IMAGE_INVALID',
      ],
      ['a header that lies about its size', withLyingHeader(real, 2000, 1500), {}, 422, 'IMAGE_UNREADABLE'],
      ['a decompression bomb header', withLyingHeader(real, 60000, 60000), {}, 422, 'IMAGE_TOO_MANY_PIXELS'],
      ['a truncated picture', real.subarray(0, real.length - 30), {}, 422, 'IMAGE_UNREADABLE'],
      ['an empty file', Buffer.alloc(0), {}, 422, 'IMAGE_EMPTY'],
      ['the wrong field', real, { field: 'picture' }, 400, 'IMAGE_REQUIRED'],
    ];
    for (const [name, data, options, status, code] of cases) {
      const res = await uploadImage(portal.app, admin, product.id, data, options);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      const error = errorOf(res);
      expect(error.code, name).toBe(code);
      expect(error.message.length, name).toBeGreaterThan(10);
    }
    const json = await portal.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/image`,
      headers: bearer(admin),
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('MULTIPART_REQUIRED');
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=abc', 'garbage without parts'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\ncut short',
      ],
    ]) {
      const res = await portal.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${product.id}/image`,
        headers: { ...bearer(admin), 'content-type': contentType! },
        payload: body,
      });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
      expect(errorOf(res).code).toBe('UPLOAD_INVALID');
    }
    const unknown = await uploadImage(portal.app, admin, 999999, real);
    expect(unknown.statusCode).toBe(404);

    expect(await shopFingerprint(portal.db)).toBe(before);
    expect(readdirSync(mediaDir).sort()).toEqual(filesBefore);
  });
}

describe('OpenAPI', () => {
  it('documents the product and redemption routes', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/products',
      '/api/redemptions',
      '/api/redemptions/quote',
      '/api/admin/products',
      '/api/admin/products/{id}',
      '/api/admin/products/{id}/image',
      '/api/media/products/{file}',
      '/api/admin/redemptions',
      '/api/admin/redemptions/{id}/approve',
      '/api/admin/redemptions/{id}/reject',
      '/api/admin/redemptions/approve',
      '/api/admin/redemptions/reject',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
