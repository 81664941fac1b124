import type { WaitingList, WaitingListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { defineList } from '../shared/list-query';
import { findNode, likePrefix } from './queries';
import { iso } from './viewpoint';
import type { Viewer } from './viewer';

interface WaitingRow {
  user_id: number;
  username: string;
  full_name: string;
  joined_at: Date;
  requested_side: 'left' | 'right' | null;
  sponsor_id: number;
  sponsor: string;
  sponsor_placed: boolean;
}

const WAITING = defineList({
  select: sql`SELECT m.user_id, u.username, u.full_name, m.joined_at, m.requested_side, m.sponsor_id, s.username AS sponsor,
         sm.placed AS sponsor_placed
    FROM members m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.sponsor_id
    JOIN members sm ON sm.user_id = m.sponsor_id`,
  // The user is joined for a username search only: PostgreSQL leaves an unused LEFT JOIN out of the count.
  counted: sql`members m LEFT JOIN users u ON u.id = m.user_id`,
  sorts: { joinedAt: 'm.user_id' },
  tieBreaker: 'm.user_id',
  toItem: (r: WaitingRow) => ({
    id: r.user_id,
    username: r.username,
    fullName: r.full_name,
    joinedAt: iso(r.joined_at),
    requestedSide: r.requested_side,
    sponsorId: r.sponsor_id,
    sponsor: r.sponsor,
    sponsorPlaced: r.sponsor_placed,
  }),
});

/** Referrals waiting to be placed: the viewer's (members), everyone's or one sponsor's (admins), in join order. */
export async function waitingList(ctx: AppContext, viewer: Viewer, query: WaitingListQuery): Promise<WaitingList> {
  const { db } = ctx;
  const sponsorId = viewer.isAdmin ? query.sponsor : viewer.userId;
  const where = [
    sql`NOT m.placed`,
    sponsorId === undefined ? undefined : sql`m.sponsor_id = ${sponsorId}`,
    query.search ? sql`lower(u.username) COLLATE "C" LIKE ${likePrefix(query.search)} ESCAPE '\\'` : undefined,
  ];
  const [{ page }, viewerPlaced] = await Promise.all([
    WAITING.page(db, { where, sort: 'joinedAt' }, query),
    viewer.isAdmin ? true : findNode(db, viewer.userId).then(Boolean),
  ]);
  return { ...page, viewerPlaced };
}
