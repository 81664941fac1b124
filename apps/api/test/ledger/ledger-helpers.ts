import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Sql } from '../../src/platform/db/database';
import { bearer, type Session } from '../harness';
import { sql } from '../../src/platform/db/sql';

type Wallet = 'deposit' | 'income' | 'points';

export async function adjust(
  app: FastifyInstance,
  admin: Session,
  memberId: number,
  body: { wallet: Wallet; amount: string; direction?: 'credit' | 'debit'; reason?: string; memo?: string },
  key?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/members/${memberId}/adjustments`,
    headers: { ...bearer(admin), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { direction: 'credit', reason: 'Test funding', ...body },
  });
}

/** Credits a wallet and insists it worked. */
export async function fund(
  app: FastifyInstance,
  admin: Session,
  memberId: number,
  wallet: Wallet,
  amount: string,
): Promise<void> {
  const res = await adjust(app, admin, memberId, { wallet, amount });
  expect(res.statusCode, res.body).toBe(201);
}

export function transfer(app: FastifyInstance, from: Session, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...bearer(from), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

export function convert(app: FastifyInstance, member: Session, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/conversions',
    headers: { ...bearer(member), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

export async function balances(app: FastifyInstance, member: Session): Promise<Record<Wallet, string>> {
  const res = await app.inject({ method: 'GET', url: '/api/wallets', headers: bearer(member) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ wallets: Array<{ wallet: Wallet; balance: string }> }>();
  return Object.fromEntries(body.wallets.map((w) => [w.wallet, w.balance])) as Record<Wallet, string>;
}

/** Everything that could have moved: a fingerprint of the books. */
export async function booksFingerprint(db: Sql): Promise<string> {
  const { rows } = await db.query<{
    entries: number;
    postings: number;
    balances: string | null;
    audit: number;
    keys: number;
    transfers: number;
    conversions: number;
  }>(
    sql`SELECT (SELECT count(*)::int FROM journal_entries) AS entries,
            (SELECT count(*)::int FROM postings) AS postings,
            (SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM ledger_accounts WHERE kind = 'member') AS balances,
            (SELECT count(*)::int FROM audit_log) AS audit,
            (SELECT count(*)::int FROM idempotency_keys) AS keys,
            (SELECT count(*)::int FROM transfers) AS transfers,
            (SELECT count(*)::int FROM conversions) AS conversions`,
  );
  return JSON.stringify(rows[0]);
}

/**
 * The invariants of the books, read straight from the tables: every entry
 * sums to zero per unit, every member balance equals the sum of its
 * postings and is not negative (what is owed after a clawback not positive), and every posting's balance_after is the
 * running sum.
 */
export async function assertBooksConsistent(db: Sql): Promise<void> {
  const unbalanced = await db.query(
    sql`SELECT p.entry_id, a.unit, sum(p.amount) AS total
       FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
      GROUP BY p.entry_id, a.unit HAVING sum(p.amount) <> 0`,
  );
  expect(unbalanced.rows).toEqual([]);
  const drift = await db.query(
    sql`SELECT a.id, a.balance, COALESCE(sum(p.amount), 0) AS posted
       FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
      WHERE a.kind = 'member'
      GROUP BY a.id, a.wallet, a.balance
     HAVING a.balance <> COALESCE(sum(p.amount), 0) OR (a.balance < 0 AND a.wallet <> 'owed') OR (a.balance > 0 AND a.wallet = 'owed')`,
  );
  expect(drift.rows).toEqual([]);
  const running = await db.query(
    sql`SELECT id FROM (
       SELECT p.id, p.balance_after, sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'member') x
      WHERE balance_after <> running`,
  );
  expect(running.rows).toEqual([]);
}
