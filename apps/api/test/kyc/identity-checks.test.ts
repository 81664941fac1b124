import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  useFreshPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { multipart } from '../products/product-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';

/** A photo as a phone takes it: a JPEG with EXIF naming the camera and a place, none of which may be kept. */
const photo = (background: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Leaky 3000', Copyright: 'GPS 52.1,4.3' } })
    .toBuffer();

let portal: TestPortal;
let admin: Session;
let identityDir: string;
beforeAll(async () => {
  identityDir = mkdtempSync(path.join(tmpdir(), 'portal-identity-'));
  portal = await startPortal({ IDENTITY_DIR: identityDir });
  admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
});
afterAll(async () => {
  await portal?.close();
  rmSync(identityDir, { recursive: true, force: true });
});

function upload(member: Session, side: string, data: Buffer, field = 'image') {
  const body = multipart(data, { field, filename: `${side}.jpg`, contentType: 'image/jpeg' });
  return portal.app.inject({
    method: 'PUT',
    url: `/api/identity/documents/${side}`,
    headers: { ...bearer(member), ...body.headers },
    payload: body.payload,
  });
}

const status = async (member: Session) =>
  (await portal.app.inject({ method: 'GET', url: '/api/identity', headers: bearer(member) })).json();

const view = (session: Session, id: number) =>
  portal.app.inject({
    method: 'POST',
    url: `/api/admin/identity-checks/documents/${id}/view`,
    headers: bearer(session),
  });

const decide = (userId: number, payload: object) =>
  portal.app.inject({
    method: 'POST',
    url: `/api/admin/identity-checks/${userId}/decision`,
    headers: bearer(admin),
    payload,
  });

async function uploadAll(member: Session): Promise<void> {
  for (const [side, colour] of [
    ['front', '#16B1FF'],
    ['back', '#56CA00'],
    ['selfie', '#FFB400'],
  ] as const) {
    const res = await upload(member, side, await photo(colour));
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('identity documents', () => {
  it('starts with nothing uploaded and says what is missing', async () => {
    const member = await registerMember(portal.app);
    expect(await status(member)).toMatchObject({
      status: 'none',
      missing: ['front', 'back', 'selfie'],
      documents: [],
      reason: null,
      required: { always: false, above: null, above30Days: null },
    });
  });

  it('re-encodes each upload without its metadata, stores it privately under its content hash, and waits once complete', async () => {
    const member = await registerMember(portal.app);
    const jpeg = await photo('#16B1FF');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(member, 'front', jpeg);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'incomplete', missing: ['back', 'selfie'] });

    const { rows } = await portal.db.query<{ file_hash: string }>(
      sql`SELECT file_hash FROM identity_documents WHERE user_id = ${member.user.id}`,
    );
    const hash = rows[0]!.file_hash;
    expect(readdirSync(identityDir)).toContain(`${hash}.webp`);
    const stored = await sharp(path.join(identityDir, `${hash}.webp`)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 640, height: 400 });
    expect(stored.exif).toBeUndefined();

    // Not under the public pictures' route, nor anywhere else without a sign-in.
    for (const url of [`/api/media/products/${hash}.webp`, `/api/media/identity/${hash}.webp`]) {
      expect((await portal.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    await upload(member, 'back', await photo('#56CA00'));
    const done = await upload(member, 'selfie', await photo('#FFB400'));
    expect(done.json()).toMatchObject({ status: 'pending', missing: [] });
    expect(done.json().documents.map((d: { side: string }) => d.side)).toEqual(['front', 'back', 'selfie']);
  });

  it('refuses what is not a picture, judged by its content', async () => {
    const member = await registerMember(portal.app);
    const res = await upload(member, 'front', Buffer.from('%PDF-1.7 not a picture at all'));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('IMAGE_INVALID');
    const wrongField = await upload(member, 'front', await photo('#000000'), 'file');
    expect(errorOf(wrongField).code).toBe('IMAGE_REQUIRED');
    const badSide = await upload(member, 'passport', await photo('#000000'));
    expect(badSide.statusCode).toBe(400);
    expect((await status(member)).status).toBe('none');
  });
});

describe('the review', () => {
  it('shows a document only to an admin, each view audited', async () => {
    const member = await registerMember(portal.app);
    await uploadAll(member);
    const list = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/identity-checks?status=pending&search=${member.user.username}`,
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [review] = list.json().items;
    expect(review).toMatchObject({ id: member.user.id, status: 'pending', submission: 1 });
    const front = review.documents[0];

    const other = await registerMember(portal.app);
    expect((await view(other, front.id)).statusCode).toBe(403);
    expect(
      (await portal.app.inject({ method: 'POST', url: `/api/admin/identity-checks/documents/${front.id}/view` }))
        .statusCode,
    ).toBe(401);

    const seen = await view(admin, front.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const audit = await portal.db.query<{ details: { document: number; side: string } }>(
      sql`SELECT details FROM audit_log WHERE action = 'identity.document_view' AND target_id = ${String(member.user.id)}`,
    );
    expect(audit.rows.map((row) => row.details)).toEqual([
      expect.objectContaining({ document: front.id, side: 'front' }),
    ]);
    expect((await view(admin, 999_999)).statusCode).toBe(404);
  });

  it('rejects with a reason the member reads; the next upload starts a new submission; then approves', async () => {
    const member = await registerMember(portal.app);
    expect(errorOf(await decide(member.user.id, { decision: 'approve' })).code).toBe('IDENTITY_CHECK_NOT_FOUND');
    await upload(member, 'front', await photo('#111111'));
    expect(errorOf(await decide(member.user.id, { decision: 'approve' })).code).toBe('IDENTITY_CHECK_NOT_PENDING');
    await uploadAll(member);

    const noReason = await decide(member.user.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide(member.user.id, { decision: 'reject', reason: 'The selfie is blurred' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The selfie is blurred', decidedBy: 'admin' });
    expect(await status(member)).toMatchObject({
      status: 'rejected',
      reason: 'The selfie is blurred',
      missing: ['front', 'back', 'selfie'],
    });

    const told = await portal.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(member) });
    expect(told.json().items[0]).toMatchObject({
      kind: 'identity_rejected',
      text: 'Your identity documents were rejected: The selfie is blurred. Upload them again to be verified.',
      link: '/account-settings?tab=identity',
    });

    await uploadAll(member);
    expect(await status(member)).toMatchObject({ status: 'pending', reason: null });
    const approved = await decide(member.user.id, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', submission: 2 });
    expect(errorOf(await decide(member.user.id, { decision: 'approve' })).code).toBe('IDENTITY_CHECK_NOT_PENDING');
    expect(errorOf(await upload(member, 'front', await photo('#222222'))).code).toBe('IDENTITY_ALREADY_APPROVED');
    const audit = await portal.db.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action IN ('identity.approve', 'identity.reject') AND target_id = ${String(member.user.id)} ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['identity.reject', 'identity.approve']);
  });
});

describe('withdrawals under the identity settings', () => {
  it('refuses a withdrawal above the threshold with IDENTITY_CHECK_REQUIRED until the check is approved', async () => {
    await setSettings(portal.app, admin, {
      withdrawalAddressHoldHours: '0',
      withdrawalRequiresTwoFactor: false,
      withdrawalOnePending: false,
      withdrawalIdentityCheckAbove: '100',
    });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '1000');
    expect((await status(member)).required).toMatchObject({ above: '100.00' });

    expect((await requestWithdrawal(portal.app, member, { amount: '50', address: OUTSIDE[0] })).statusCode).toBe(201);
    const refused = await requestWithdrawal(portal.app, member, { amount: '150', address: OUTSIDE[0] });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'IDENTITY_CHECK_REQUIRED', field: 'amount' });
    expect(errorOf(refused).message).toContain('Account settings → Identity');
    const quote = await portal.app.inject({
      method: 'GET',
      url: '/api/withdrawals/quote?amount=150',
      headers: bearer(member),
    });
    expect(errorOf(quote).code).toBe('IDENTITY_CHECK_REQUIRED');

    await uploadAll(member);
    const waiting = await requestWithdrawal(portal.app, member, { amount: '150', address: OUTSIDE[0] });
    expect(errorOf(waiting).message).toContain("waiting for an admin's review");
    await decide(member.user.id, { decision: 'approve' });
    const accepted = await requestWithdrawal(portal.app, member, { amount: '150', address: OUTSIDE[0] });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('counts the last 30 days against the running-total rule, and the always rule refuses any amount', async () => {
    await setSettings(portal.app, admin, { withdrawalIdentityCheckAbove: '0', withdrawalIdentityCheck30Days: '100' });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '1000');
    expect((await requestWithdrawal(portal.app, member, { amount: '60', address: OUTSIDE[1] })).statusCode).toBe(201);
    const over = await requestWithdrawal(portal.app, member, { amount: '60', address: OUTSIDE[1] });
    expect(errorOf(over).code).toBe('IDENTITY_CHECK_REQUIRED');
    expect(errorOf(over).message).toContain('over 30 days');

    await setSettings(portal.app, admin, { withdrawalIdentityCheck30Days: '0', withdrawalIdentityCheckAlways: true });
    const any = await requestWithdrawal(portal.app, member, { amount: '10', address: OUTSIDE[1] });
    expect(errorOf(any).code).toBe('IDENTITY_CHECK_REQUIRED');
    await setSettings(portal.app, admin, { withdrawalIdentityCheckAlways: false });
  });

  it('holds a loosening of the identity rules for a second admin once the portal is live; a tightening applies at once', async () => {
    await setSettings(portal.app, admin, { withdrawalIdentityCheckAbove: '100' });
    const live = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/portal/live',
      headers: bearer(admin),
      payload: {},
    });
    expect(live.statusCode, live.body).toBe(200);
    const patch = (payload: object) =>
      portal.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer(admin), payload });

    const tighten = await patch({ withdrawalIdentityCheckAbove: '50', withdrawalIdentityCheckAlways: true });
    expect(tighten.statusCode, tighten.body).toBe(200);
    for (const loosening of [
      { withdrawalIdentityCheckAbove: '0' },
      { withdrawalIdentityCheckAbove: '500' },
      { withdrawalIdentityCheckAlways: false },
    ]) {
      const held = await patch(loosening);
      expect(held.statusCode, held.body).toBe(202);
    }
    const settings = await portal.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
    expect(settings.json()).toMatchObject({ withdrawalIdentityCheckAbove: '50', withdrawalIdentityCheckAlways: true });
  });
});

describe('an admin without two-factor', () => {
  const fresh = useFreshPortal();
  it('is refused the documents and the decisions', async () => {
    const plain = await loginAdmin(fresh.app);
    for (const url of ['/api/admin/identity-checks/documents/1/view', '/api/admin/identity-checks/1/decision']) {
      const res = await fresh.app.inject({
        method: 'POST',
        url,
        headers: bearer(plain),
        payload: { decision: 'approve' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res).code).toBe('TWO_FACTOR_REQUIRED');
    }
  });
});
