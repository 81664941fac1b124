import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  verifyInclusion,
  type InclusionProof,
  type MyReserveProof,
  type ReserveProof,
  type Reserves,
} from '@portal/contract';
import { generateNetwork } from '../../../../bench/lib/network-generator';
import { reserveProofJob } from '../../src/reserves/reserve-proof-job';
import { sql } from '../../src/platform/db/sql';
import { bearer, errorOf, registerMember, usePortal, type Session } from '../harness';
import { convert, transfer } from '../ledger/ledger-helpers';
import { close, day, workedDayOne } from '../plan/plan-helpers';
import { rootFromTheBooks, sha256, tampered } from './reserve-oracle';

const { portal, admin } = usePortal();

let members: Awaited<ReturnType<typeof workedDayOne>>;
beforeAll(async () => {
  // Enough members for a tree of several levels (about 16 leaves a bucket, 16 nodes a node above).
  await generateNetwork(portal.db, { members: 5_000, chain: 0, prefix: 'res', passwordHash: null });
  members = await workedDayOne(portal, admin);
});

async function published(): Promise<Reserves> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/reserves' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Reserves>();
}

async function mine(member: Session): Promise<MyReserveProof> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/reserves/mine', headers: bearer(member) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyReserveProof>();
}

async function included(member: Session): Promise<InclusionProof> {
  const answer = await mine(member);
  if (answer.state !== 'included') throw new Error(`not included: ${answer.state}`);
  return answer.inclusion;
}

const runJob = () => reserveProofJob(portal.ctx).pass();

describe('the proof of reserves after a close', () => {
  it('is none before the first close, and says so to the public and to members', async () => {
    await runJob();
    expect(await published()).toEqual({ latest: null, earlier: [] });
    expect(await mine(members.A)).toEqual({ state: 'none' });
  });

  it('is published once per close: its root is the books’ own, recomputed independently, and its totals the wallets’', async () => {
    expect((await close(portal.app, admin, day(0, portal.clock.now))).statusCode).toBe(201);
    expect((await transfer(portal.app, members.B, { toUsername: 'dave', amount: '12.5' })).statusCode).toBe(201);
    const converted = await convert(portal.app, members.A, { amount: '10' });
    expect(converted.statusCode, converted.body).toBe(201);
    await runJob();
    await runJob();
    const { latest, earlier } = await published();
    expect(earlier).toEqual([]);
    const proof = latest!;
    expect(proof.closeDate).toBe(day(0, portal.clock.now));
    const { rows } = await portal.db.query<{ members: number; deposit: string; income: string; points: string }>(
      sql`SELECT (SELECT count(*)::int FROM members) AS members,
                 (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE wallet = 'deposit')::text AS deposit,
                 (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE wallet = 'income')::text AS income,
                 (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE wallet = 'points')::text AS points`,
    );
    const { members: count, ...wallets } = rows[0]!;
    expect(proof.members).toBe(count);
    expect(proof.root).toMatchObject({ ...wallets, withdrawing: '0' });
    expect(proof.root).toEqual(await rootFromTheBooks(portal.db, proof.id));
    expect(BigInt(proof.root.income)).toBeGreaterThan(0n); // the close paid alice's matching bonus
    // Without a chain nothing is read or signed, and the page says so rather than guessing.
    expect([proof.held, proof.coverage, proof.signer, proof.signature]).toEqual([null, null, null, null]);
    expect(proof.message).toContain(`Root: ${proof.root.hash}`);
  });

  it('gives each member a path to the root that checks, with only hashes and sums of anyone else', async () => {
    for (const member of [members.A, members.B, members.C, members.D]) {
      const inclusion = await included(member);
      expect(inclusion.leaf.memberId).toBe(member.user.id);
      expect(await verifyInclusion(inclusion, sha256)).toEqual({ ok: true });
      expect(inclusion.path.length).toBeGreaterThanOrEqual(3); // a bucket, then two levels at least
      for (const step of inclusion.path)
        for (const child of step.children)
          expect(Object.keys(child).sort()).toEqual(['deposit', 'hash', 'income', 'points', 'withdrawing']);
    }
    const alice = await included(members.A);
    const { rows } = await portal.db.query<{ balance: string }>(
      sql`SELECT balance::text FROM ledger_accounts WHERE owner_id = ${members.A.user.id} AND wallet = 'income'`,
    );
    expect(alice.leaf.income).toBe(rows[0]!.balance);
  });

  it('fails the check when any figure of the path or the leaf is changed', async () => {
    const inclusion = await included(members.C);
    const plusOne = (value: string) => (BigInt(value) + 1n).toString();
    const cases: Array<(copy: InclusionProof) => void> = [
      (copy) => void (copy.leaf.deposit = plusOne(copy.leaf.deposit)),
      (copy) => void (copy.leaf.memberId = members.D.user.id),
      (copy) => {
        const step = copy.path[0]!;
        const sibling = step.children[(step.index + 1) % step.children.length]!;
        sibling.points = plusOne(sibling.points);
      },
      (copy) => {
        const step = copy.path[1]!;
        const other = step.children[(step.index + 1) % step.children.length]!;
        other.deposit = '-1';
      },
      (copy) => void (copy.proof.root.income = plusOne(copy.proof.root.income)),
      (copy) => void (copy.proof.message = copy.proof.message.replace('Members:', 'Members: 1')),
    ];
    for (const change of cases) {
      const check = await verifyInclusion(tampered(inclusion, change), sha256);
      expect(check.ok).toBe(false);
    }
  });
});

describe('a proof an admin publishes', () => {
  let late: Session;
  it('tells a member who joined after the latest proof that the next one will hold them', async () => {
    late = await registerMember(portal.app, { username: 'res_late', sponsor: 'alice', side: 'left' });
    const answer = await mine(late);
    expect(answer.state).toBe('not-included');
  });

  it('is taken at once, audited, replaces the downloadable tree and holds the newer member', async () => {
    const before = (await published()).latest!;
    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/reserves', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(201);
    const proof = res.json<ReserveProof>();
    expect(proof).toMatchObject({ closeDate: null, members: before.members + 1 });
    const { latest, earlier } = await published();
    expect(latest!.id).toBe(proof.id);
    expect(earlier.map((p) => p.id)).toEqual([before.id]);
    expect(await verifyInclusion(await included(late), sha256)).toEqual({ ok: true });
    const { rows } = await portal.db.query<{ proofs: string }>(
      sql`SELECT string_agg(DISTINCT proof_id::text, ',') AS proofs FROM reserve_proof_buckets`,
    );
    expect(rows[0]!.proofs).toBe(String(proof.id));
    const audit = await portal.db.query<{ target_id: string }>(
      sql`SELECT target_id FROM audit_log WHERE action = 'reserves.publish'`,
    );
    expect(audit.rows.map((r) => r.target_id)).toEqual([String(proof.id)]);
  });

  it('is refused to a member, and the public list needs no sign-in', async () => {
    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/reserves', headers: bearer(members.A) });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBeTruthy();
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/reserves/mine' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the script a member checks a downloaded proof with (scripts/verify-reserve-proof.ts)', () => {
  const script = fileURLToPath(new URL('../../../../scripts/verify-reserve-proof.ts', import.meta.url));
  const run = (...args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', script, ...args], (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });

  it('accepts the proof as downloaded, against the root the portal publishes, and refuses one changed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'reserve-proof-'));
    const inclusion = await included(members.A);
    const file = path.join(folder, 'proof.json');
    writeFileSync(file, JSON.stringify(inclusion));
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const ok = await run(file, '--portal', address);
    expect(ok.out).toContain(`member ${members.A.user.id}'s balances`);
    expect(ok.out).toContain(`${address} publishes this root and signature`);
    expect(ok.code, ok.out).toBe(0);

    const changed = path.join(folder, 'changed.json');
    writeFileSync(changed, JSON.stringify({ ...inclusion, leaf: { ...inclusion.leaf, income: '1' } }));
    const refused = await run(changed);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('✗');
  });
});
