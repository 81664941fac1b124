import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { sql } from '../../src/platform/db/sql';
import { bootstrap } from '../../src/setup/bootstrap';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  usePortal,
  type Session,
  type TestPortal,
} from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { enableTwoFactor, freshCode } from '../two-factor/two-factor-helpers';
import { OUTSIDE, requestWithdrawal, saveAddress, setSettings } from '../withdrawals/withdrawal-helpers';

/** Address screening without a chain: the list, its CSV import and list file, and the withdrawals it refuses. */

const FILE_LISTED = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const FILE_LISTED_TOO = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';

function listFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'screening-')), 'list.txt');
  writeFileSync(file, text);
  return file;
}

async function screening(portal: TestPortal, admin: Session, query = '') {
  const res = await portal.app.inject({ method: 'GET', url: `/api/admin/screening${query}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Array<{ id: number; address: string; reason: string; source: string }>; total: number }>();
}

function addScreened(portal: TestPortal, admin: Session, address: string, reason = 'Reported stolen funds') {
  return portal.app.inject({
    method: 'POST',
    url: '/api/admin/screening',
    headers: bearer(admin),
    payload: { address, reason },
  });
}

describe('the screening list (no chain)', () => {
  const screening = useScreeningList();
  listedAddressTests(screening);
  csvImportTests(screening);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useScreeningList() {
  const { portal, admin } = usePortal();

  async function readyMember() {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '100');
    const { secret } = await enableTwoFactor(portal, member);
    return { member, secret };
  }
  return { portal, admin, readyMember };
}
type ScreeningList = ReturnType<typeof useScreeningList>;

function listedAddressTests({ portal, admin, readyMember }: ScreeningList) {
  it('refuses a listed address at saving and at requesting, whatever its letter case, without telling the reason', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const { member, secret } = await readyMember();
    // Listed in upper case hex, asked for in its checksummed form and in lower case.
    const added = await addScreened(portal, admin, `0x${OUTSIDE[0]!.slice(2).toUpperCase()}`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ address: OUTSIDE[0]!.toLowerCase(), source: 'admin', createdBy: 'admin' });
    for (const address of [OUTSIDE[0]!, OUTSIDE[0]!.toLowerCase()]) {
      const saved = await saveAddress(portal.app, member, address);
      expect(saved.statusCode, address).toBe(422);
      expect(errorOf(saved)).toMatchObject({ code: 'ADDRESS_BLOCKED', field: 'address' });
      expect(errorOf(saved).message).toMatch(/screening list/);
      expect(errorOf(saved).message).not.toMatch(/stolen/);
      const asked = await requestWithdrawal(portal.app, member, {
        amount: '20',
        address,
        totpCode: freshCode(portal, secret),
      });
      expect(asked.statusCode, address).toBe(422);
      expect(errorOf(asked)).toMatchObject({ code: 'ADDRESS_BLOCKED', field: 'address' });
    }
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${member.user.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    // Listing it twice is refused; the same address stays one entry.
    const again = await addScreened(portal, admin, OUTSIDE[0]!);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'SCREENING_ALREADY_LISTED', field: 'address' });
  });

  it('removes an entry with a reason (kept in the history, audited), after which the address is usable again', async () => {
    const { member } = await readyMember();
    const { id } = (await addScreened(portal, admin, OUTSIDE[1]!)).json<{ id: number }>();
    expect((await saveAddress(portal.app, member, OUTSIDE[1]!)).statusCode).toBe(422);
    const removed = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/screening/${id}/remove`,
      headers: bearer(admin),
      payload: { reason: 'Cleared by compliance' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removedBy: 'admin', removalReason: 'Cleared by compliance' });
    expect((await saveAddress(portal.app, member, OUTSIDE[1]!)).statusCode).toBe(201);
    expect((await screening(portal, admin, '?state=removed')).items.map((e) => e.id)).toContain(id);
    expect((await screening(portal, admin)).items.map((e) => e.id)).not.toContain(id);
    const twice = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/screening/${id}/remove`,
      headers: bearer(admin),
      payload: { reason: 'Cleared by compliance' },
    });
    expect(errorOf(twice).code).toBe('SCREENING_NOT_FOUND');
    const audit = await portal.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=screening.remove',
      headers: bearer(admin),
    });
    expect(audit.body).toContain('Cleared by compliance');
  });

  it('refuses to approve a withdrawal whose address was listed after the request, one or many at once', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0' });
    const { member, secret } = await readyMember();
    const asked = await requestWithdrawal(portal.app, member, {
      amount: '20',
      address: OUTSIDE[2],
      totpCode: freshCode(portal, secret),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<{ id: number }>().id;
    await addScreened(portal, admin, OUTSIDE[2]!.toLowerCase(), 'Sanctioned entity');

    const one = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/approve`,
      headers: bearer(admin),
    });
    expect(one.statusCode, one.body).toBe(422);
    expect(errorOf(one)).toMatchObject({ code: 'ADDRESS_BLOCKED', field: 'address' });
    expect(errorOf(one).message).toBe(
      `Withdrawal #${id} goes to ${OUTSIDE[2]}, which was put on the screening list after the request (Sanctioned entity): reject it.`,
    );
    const many = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/approve',
      headers: bearer(admin),
      payload: { ids: [id] },
    });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json()).toEqual({ done: [], skipped: [{ id, message: errorOf(one).message }] });
    const after = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals?status=pending`,
      headers: bearer(admin),
    });
    expect(after.json().items.map((w: { id: number }) => w.id)).toContain(id);
  });
}

function csvImportTests({ portal, admin }: ScreeningList) {
  it('imports a CSV: good lines added, listed ones named, bad ones explained by line', async () => {
    const csv = [
      'address,reason',
      '0x1111111111111111111111111111111111111111,Phishing report',
      '"0x2222222222222222222222222222222222222222","Mixer, reported"',
      '# a comment',
      '',
      '0x1234,too short',
      '0x3333333333333333333333333333333333333333',
      `${OUTSIDE[0]},Again`,
      '0x4444444444444444444444444444444444444444,x',
    ].join('\n');
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/screening/import',
      headers: bearer(admin),
      payload: { csv },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 2,
      alreadyListed: 1,
      invalid: 3,
      lines: [
        { line: 2, address: '0x1111111111111111111111111111111111111111', result: 'added', message: 'Added' },
        { line: 3, address: '0x2222222222222222222222222222222222222222', result: 'added', message: 'Added' },
        {
          line: 6,
          address: null,
          result: 'invalid',
          message: 'Address must be 0x followed by 40 hexadecimal characters',
        },
        {
          line: 7,
          address: '0x3333333333333333333333333333333333333333',
          result: 'invalid',
          message: 'No reason: add one after a comma',
        },
        { line: 8, address: OUTSIDE[0]!.toLowerCase(), result: 'already_listed', message: 'Listed already' },
        {
          line: 9,
          address: null,
          result: 'invalid',
          message: 'Reason must be at least 3 characters',
        },
      ],
    });
    const listed = await screening(portal, admin, '?search=mixer');
    expect(listed.items).toMatchObject([
      { address: '0x2222222222222222222222222222222222222222', reason: 'Mixer, reported' },
    ]);
    // With a default reason, a bare address is listed.
    const bare = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/screening/import',
      headers: bearer(admin),
      payload: { csv: '0x3333333333333333333333333333333333333333\n', defaultReason: 'Vendor list 2026-11' },
    });
    expect(bare.json()).toMatchObject({ added: 1, invalid: 0 });
  });
}

describe('the screening list file (SCREENING_LIST_FILE)', () => {
  it('is read at start, replaced at the next, refuses its addresses, and its entries cannot be removed on the page', async () => {
    const file = listFile(
      [
        '# vendor list',
        `${FILE_LISTED.toUpperCase().replace('0X', '0x')} Sanctions list`,
        FILE_LISTED_TOO,
        FILE_LISTED,
        '',
      ].join('\n'),
    );
    const portal = await startPortal({ SCREENING_LIST_FILE: file });
    try {
      const admin = await loginAdmin(portal.app);
      await enableAdminTwoFactor(portal, admin);
      const listed = await screening(portal, admin, '?source=file&sort=address');
      expect(listed.items.map((e) => [e.address, e.reason])).toEqual([
        [FILE_LISTED, 'Sanctions list'],
        [FILE_LISTED_TOO, 'Listed in the screening list file'],
      ]);
      const member = await registerMember(portal.app);
      const saved = await saveAddress(portal.app, member, FILE_LISTED_TOO);
      expect(errorOf(saved)).toMatchObject({ code: 'ADDRESS_BLOCKED', field: 'address' });
      const removed = await portal.app.inject({
        method: 'POST',
        url: `/api/admin/screening/${listed.items[0]!.id}/remove`,
        headers: bearer(admin),
        payload: { reason: 'Try' },
      });
      expect(removed.statusCode).toBe(409);
      expect(errorOf(removed).code).toBe('SCREENING_FROM_FILE');

      // The same database started again with another file: the file's entries are the new file's.
      writeFileSync(file, `${FILE_LISTED_TOO},Updated reason\n`);
      const started = await bootstrap({
        ...portal.ctx,
        config: loadConfig({ ...testEnv(), SCREENING_LIST_FILE: file }),
      });
      expect(started.screeningFileAddresses).toBe(1);
      expect((await screening(portal, admin, '?source=file')).items.map((e) => [e.address, e.reason])).toEqual([
        [FILE_LISTED_TOO, 'Updated reason'],
      ]);
      expect((await saveAddress(portal.app, member, FILE_LISTED)).statusCode).toBe(201);
    } finally {
      await portal.close();
    }
  });

  it('refuses to start on a file it cannot read or with a line that is no address, naming the lines', () => {
    expect(() => loadConfig({ ...testEnv(), SCREENING_LIST_FILE: '/nonexistent/screening.txt' })).toThrow(
      /SCREENING_LIST_FILE: cannot read/,
    );
    const bad = listFile(`${FILE_LISTED}\nnot-an-address\n0x12, short\n`);
    let error: unknown;
    try {
      loadConfig({ ...testEnv(), SCREENING_LIST_FILE: bad });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`SCREENING_LIST_FILE: ${bad} line 2:`);
    expect((error as Error).message).toContain(`SCREENING_LIST_FILE: ${bad} line 3:`);
  });
});

const testEnv = () => ({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' });
