import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/platform/db/database';
import { bearer, registerMember, type Session, type TestPortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { sql } from '../../src/platform/db/sql';

export function buy(app: FastifyInstance, member: Session, packageId: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { ...bearer(member), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { packageId } as object,
  });
}

/** Buys and insists it worked. */
export async function mustBuy(app: FastifyInstance, member: Session, packageId: number) {
  const res = await buy(app, member, packageId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function close(app: FastifyInstance, admin: Session, date: string) {
  return app.inject({ method: 'POST', url: '/api/admin/plan/close', headers: bearer(admin), payload: { date } });
}

/** The seeded catalogue by name. */
export async function packageIds(app: FastifyInstance, member: Session): Promise<Record<string, number>> {
  const res = await app.inject({ method: 'GET', url: '/api/packages', headers: bearer(member) });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().items as Array<{ id: number; name: string }>).map((p) => [p.name, p.id]));
}

/** A BV decimal string scaled to 18 decimals, written independently of the engine. */
const scale = (v: string): bigint => {
  const [w = '0', f = ''] = v.split('.');
  return BigInt(w) * 10n ** 18n + BigInt((f + '0'.repeat(18)).slice(0, 18));
};

export const day = (offsetDays: number, from = new Date()): string =>
  new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Every node's leg volumes rebuilt from scratch: the volume events (rolled
 * up or not) summed up the parent links, minus what the closes matched.
 * Strings of the exact decimal sums.
 */
export async function rebuildLegs(db: Database): Promise<Map<number, { left: bigint; right: bigint }>> {
  const nodes = (
    await db.query<{ member_id: number; parent_id: number | null; side: 'left' | 'right' | null }>(
      sql`SELECT member_id, parent_id, side FROM network_nodes`,
    )
  ).rows;
  const events = (
    await db.query<{ member_id: number; volume: string }>(
      sql`SELECT member_id, volume::text AS volume FROM network_events WHERE kind = 'volume'`,
    )
  ).rows;
  const matched = (
    await db.query<{ member_id: number; matched: string }>(
      sql`SELECT member_id, sum(matched)::text AS matched FROM matching_bonuses GROUP BY member_id`,
    )
  ).rows;
  const parent = new Map(nodes.map((n) => [Number(n.member_id), n]));
  const legs = new Map(nodes.map((n) => [Number(n.member_id), { left: 0n, right: 0n }]));
  for (const e of events) {
    let child = parent.get(Number(e.member_id))!;
    while (child.parent_id !== null) {
      const leg = legs.get(Number(child.parent_id))!;
      if (child.side === 'left') leg.left += scale(e.volume);
      else leg.right += scale(e.volume);
      child = parent.get(Number(child.parent_id))!;
    }
  }
  for (const m of matched) {
    const leg = legs.get(Number(m.member_id))!;
    leg.left -= scale(m.matched);
    leg.right -= scale(m.matched);
  }
  return legs;
}

/** The maintained leg volumes, in the same scaled form (after a roll-up). */
export async function maintainedLegs(db: Database): Promise<Map<number, { left: bigint; right: bigint }>> {
  const rows = (
    await db.query<{ member_id: number; l: string; r: string }>(
      sql`SELECT member_id, left_volume::text AS l, right_volume::text AS r FROM network_nodes`,
    )
  ).rows;
  return new Map(rows.map((r) => [Number(r.member_id), { left: scale(r.l), right: scale(r.r) }]));
}

/** A member registered under `sponsor` (on `side`) with 10,000 USDT in the deposit wallet. */
export async function fundedMember(
  portal: TestPortal,
  admin: Session,
  name: string,
  sponsor: string,
  side?: 'left' | 'right',
) {
  const session = await registerMember(portal.app, { username: name, sponsor, side });
  await fund(portal.app, admin, session.user.id, 'deposit', '10000');
  return session;
}

/** Day 1 of the worked example (docs/plan.md): alice's close pays 20 (left 200, right 1,000). */
export async function workedDayOne(portal: TestPortal, admin: Session) {
  const A = await fundedMember(portal, admin, 'alice', 'company', 'left');
  const B = await fundedMember(portal, admin, 'bob', 'alice', 'left');
  const C = await fundedMember(portal, admin, 'carol', 'alice', 'right');
  const D = await fundedMember(portal, admin, 'dave', 'bob', 'left');
  const ids = await packageIds(portal.app, A);
  await mustBuy(portal.app, A, ids.Starter!);
  await mustBuy(portal.app, B, ids.Starter!);
  await mustBuy(portal.app, C, ids.Gold!);
  await mustBuy(portal.app, D, ids.Starter!);
  return { A, B, C, D, ids };
}
