import type { WaitingList, WaitingListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { pageResult, pageWindow } from '../shared/pagination';
import { pageClause, where } from '../shared/sql-list';
import { findNode, likePrefix } from './queries';
import { iso } from './viewpoint';
import type { Viewer } from './viewer';

/** Referrals waiting to be placed: the viewer's (members), everyone's or one sponsor's (admins). */
export async function waitingList(ctx: AppContext, viewer: Viewer, query: WaitingListQuery): Promise<WaitingList> {
  const { db } = ctx;
  const sponsorId = viewer.isAdmin ? query.sponsor : viewer.userId;
  // One filter for the page and its count: the sponsor's waiting referrals, and a username prefix.
  const filter = where(
    sql`NOT m.placed`,
    sponsorId === undefined ? undefined : sql`m.sponsor_id = ${sponsorId}`,
    query.search ? sql`lower(u.username) COLLATE "C" LIKE ${likePrefix(query.search)} ESCAPE '\\'` : undefined,
  );
  const { rows } = await db.query<{
    user_id: number;
    username: string;
    full_name: string;
    joined_at: Date;
    requested_side: 'left' | 'right' | null;
    sponsor_id: number;
    sponsor: string;
    sponsor_placed: boolean;
  }>(
    sql`SELECT m.user_id, u.username, u.full_name, m.joined_at, m.requested_side, m.sponsor_id, s.username AS sponsor,
               sm.placed AS sponsor_placed
          FROM members m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.sponsor_id
          JOIN members sm ON sm.user_id = m.sponsor_id
         ${filter}
         ORDER BY m.user_id ${pageClause(pageWindow(query))}`,
  );
  const counted = await db.query<{ n: number }>(
    sql`SELECT count(*) AS n FROM members m ${query.search ? sql`JOIN users u ON u.id = m.user_id` : sql.empty} ${filter}`,
  );
  const viewerPlaced = viewer.isAdmin ? true : Boolean((await findNode(db, viewer.userId)) ?? false);
  return {
    ...pageResult(
      rows.map((r) => ({
        id: r.user_id,
        username: r.username,
        fullName: r.full_name,
        joinedAt: iso(r.joined_at),
        requestedSide: r.requested_side,
        sponsorId: r.sponsor_id,
        sponsor: r.sponsor,
        sponsorPlaced: r.sponsor_placed,
      })),
      counted.rows[0]!.n,
      query,
    ),
    viewerPlaced,
  };
}

