import { describe, expect, it } from 'vitest';
import { adminCode, bearer, errorOf, registerMember, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * A two-factor code that is sent is checked for shape wherever one is
 * accepted (apps/api/src/two-factor/guard.ts `withSecondFactor`): six digits or
 * a recovery code, even where no code is needed; anything else is 422
 * TOTP_INVALID (401 at sign-in), is not counted as a guess, and moves nothing.
 */
const MALFORMED = [
  "' OR 1=1 --",
  '../../etc/passwd',
  '12345678',
  '1234567',
  'abcdef',
  '12 34 5x',
  '<script>1</script>',
];

describe('the shape of a two-factor code', () => {
  const { portal, admin } = usePortal();

  it('is refused on approvals, single and bulk, even below the threshold where no code is needed', async () => {
    for (const totpCode of MALFORMED) {
      for (const [url, payload] of [
        ['/api/admin/withdrawals/999999/approve', { totpCode }],
        ['/api/admin/withdrawals/approve', { ids: [999999], totpCode }],
      ] as const) {
        const res = await portal.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
        expect(res.statusCode, `${url} ${totpCode}: ${res.body}`).toBe(422);
        expect(errorOf(res)).toMatchObject({ code: 'TOTP_INVALID', field: 'totpCode' });
        expect(errorOf(res).message).toMatch(/6 digits .* recovery codes/);
      }
    }
    // Well-shaped codes go on to the request's own answer (here: no such withdrawal).
    for (const totpCode of ['123456', ' 123 456 ', 'abcd-ef01-2345', 'ABCDEF012345']) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/admin/withdrawals/999999/approve',
        headers: bearer(admin),
        payload: { totpCode },
      });
      expect(res.statusCode, `${totpCode}: ${res.body}`).not.toBe(422);
    }
    // None of the malformed ones counted as a guess: the account's second factor is not locked.
    const { rows } = await portal.db.query<{ locked_until: Date | null }>(
      sql`SELECT locked_until FROM second_factor_guard WHERE user_id = ${admin.user.id}`,
    );
    expect(rows.every((row) => row.locked_until === null)).toBe(true);
    const bulk = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/approve',
      headers: bearer(admin),
      payload: { ids: [999999], totpCode: adminCode(portal) },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
  });

  it('is refused on a withdrawal request that needs no code, and nothing is asked', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '100');
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: bearer(member),
      payload: { amount: '40', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', totpCode: "' OR 1=1 --" },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'TOTP_INVALID', field: 'totpCode' });
    const { rows } = await portal.db.query(sql`SELECT id FROM withdrawals WHERE user_id = ${member.user.id}`);
    expect(rows).toEqual([]);
  });

  it('is refused at sign-in with 401', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from('admin:Admin-Pass-2026!').toString('base64')}`,
        'x-totp-code': "' OR 1=1 --",
      },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(errorOf(res).code).toBe('TOTP_INVALID');
  });
});
