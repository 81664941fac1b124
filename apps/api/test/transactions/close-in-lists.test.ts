import { describe, expect, it } from 'vitest';
import { POSTINGS_SHOWN } from '@portal/contract';
import { bearer, registerMember, type Session, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { close, day, mustBuy, packageIds } from '../plan/plan-helpers';

const { portal, admin } = usePortal();

const get = (session: Session, url: string) => portal.app.inject({ method: 'GET', url, headers: bearer(session) });

/**
 * A full binary tree of `depth` levels under the company, every member on a
 * Starter package: each member with children has volume on both legs, so
 * the close pays 2^(depth-1) - 1 of them.
 */
async function fullTree(depth: number): Promise<Session[][]> {
  const levels: Session[][] = [];
  let parents: Array<Session | null> = [null];
  for (let level = 0; level < depth; level += 1) {
    const row: Session[] = [];
    for (const parent of parents) {
      for (const side of parent ? (['left', 'right'] as const) : ([undefined] as const)) {
        const sponsor = parent?.user.username ?? 'company';
        const member = await registerMember(portal.app, {
          username: `t${level}_${row.length}_${Date.now() % 100000}`,
          sponsor,
          side: side ?? 'left',
        });
        await fund(portal.app, admin, member.user.id, 'deposit', '1000');
        row.push(member);
      }
    }
    levels.push(row);
    parents = row;
  }
  const ids = await packageIds(portal.app, levels[0]![0]!);
  for (const row of levels) for (const member of row) await mustBuy(portal.app, member, ids.Starter!);
  return levels;
}

describe('a daily close in the lists', () => {
  it('shows admins one row with its totals and a few postings, each member their own line with its day and volume', async () => {
    const levels = await fullTree(5);
    const paid = levels.slice(0, 4).flat();
    const result = await close(portal.app, admin, day(0));
    expect(result.statusCode, result.body).toBe(201);
    expect(result.json().members).toBe(paid.length);
    expect(paid.length).toBeGreaterThan(POSTINGS_SHOWN);

    const list = (await get(admin, '/api/admin/transactions?type=matching_bonus')).json();
    expect(list.total).toBe(1);
    const [entry] = list.items;
    // One posting per member paid and the expense account's one.
    expect(entry.postingCount).toBe(paid.length + 1);
    expect(entry.postings).toHaveLength(POSTINGS_SHOWN);
    expect(entry.postings.some((p: { system: string | null }) => p.system === 'bonus_expense')).toBe(true);
    expect(entry.close).toEqual({
      date: day(0),
      members: paid.length,
      matched: result.json().matched,
      paid: result.json().paid,
      flushed: result.json().flushed,
    });

    // Filtered by a member whose line comes late in the entry, that member's line is among those shown.
    const last = paid[paid.length - 1]!;
    const theirs = (await get(admin, `/api/admin/transactions?type=matching_bonus&member=${last.user.username}`)).json()
      .items[0];
    expect(theirs.postings.map((p: { member: { username: string } | null }) => p.member?.username)).toContain(
      last.user.username,
    );
    expect(theirs.postings).toHaveLength(POSTINGS_SHOWN);

    // The CSV still has every posting.
    const csv = await get(admin, '/api/admin/transactions?type=matching_bonus&format=csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + paid.length + 1);

    // A member sees their own bonus only, with the day it closed and the volume it matched.
    const history = (await get(last, '/api/wallets/entries?kind=matching_bonus')).json();
    expect(history.total).toBe(1);
    expect(history.items[0].description).toMatch(
      new RegExp(`^Matching bonus for ${day(0)}: [\\d.,]+ BV matched at 10%$`),
    );
    // Entries with few postings still carry all of them.
    const purchase = (await get(admin, `/api/admin/transactions?type=purchase&member=${last.user.username}`)).json()
      .items[0];
    expect(purchase.postings).toHaveLength(purchase.postingCount);
    expect(purchase.close).toBeNull();
  });
});
