import type { WaitingList, WaitingListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import { pageResult, pageWindow } from '../shared/pagination';
import { findNode, likePrefix } from './queries';
import { binder, iso } from './viewpoint';
import type { Viewer } from './viewer';

/** Referrals waiting to be placed: the viewer's (members), everyone's or one sponsor's (admins). */
export async function waitingList(ctx: AppContext, viewer: Viewer, query: WaitingListQuery): Promise<WaitingList> {
  const { db } = ctx;
  const sponsorId = viewer.isAdmin ? query.sponsor : viewer.userId;
  const { limit, offset } = pageWindow(query);
  // One filter for the page and its count: the sponsor's waiting referrals, and a username prefix.
  const where = (p: (value: unknown) => string) =>
    [
      'NOT m.placed',
      ...(sponsorId === undefined ? [] : [`m.sponsor_id = ${p(sponsorId)}`]),
      ...(query.search ? [`lower(u.username) COLLATE "C" LIKE ${p(likePrefix(query.search))} ESCAPE '\\'`] : []),
    ].join(' AND ');
  const page = binder();
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
    `SELECT m.user_id, u.username, u.full_name, m.joined_at, m.requested_side, m.sponsor_id, s.username AS sponsor,
            sm.placed AS sponsor_placed
       FROM members m JOIN users u ON u.id = m.user_id JOIN users s ON s.id = m.sponsor_id
       JOIN members sm ON sm.user_id = m.sponsor_id
      WHERE ${where(page.p)}
      ORDER BY m.user_id LIMIT ${page.p(limit)} OFFSET ${page.p(offset)}`,
    page.params,
  );
  const count = binder();
  const counted = await db.query<{ n: number }>(
    `SELECT count(*) AS n FROM members m ${query.search ? 'JOIN users u ON u.id = m.user_id' : ''} WHERE ${where(count.p)}`,
    count.params,
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

