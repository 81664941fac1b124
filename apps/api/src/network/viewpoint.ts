import type { Sql } from '../platform/db/database';
import type { RankBadge } from '@portal/contract';
import { sql } from '../platform/db/sql';
import { conflict, forbidden, notFound, unprocessable } from '../shared/errors';
import {
  findCompanyRoot,
  findNode,
  findNodeWithin,
  findRootNode,
  findSponsorRow,
  type NodeRow,
  type SponsorRow,
} from './queries';
import type { Viewer } from './viewer';

/**
 * Where a viewer looks from, shared by the network's use cases: a member
 * from its own node, an admin from the company root; `root` moves the view
 * down, never outside what the viewer may see.
 */

export const notInNetwork = () => notFound('NOT_IN_NETWORK', 'No member with this id in your network.');

export const iso = (value: Date | string) => new Date(value).toISOString();

/** The viewer's own node (members) or the company root (admins): level 0 of what they see. */
export async function placementBase(sql: Sql, viewer: Viewer): Promise<NodeRow | undefined> {
  return viewer.isAdmin ? findRootNode(sql) : findNode(sql, viewer.userId);
}

/** The node `rootId` when the viewer may look from it (`base` itself when absent); else 404. */
export async function placementRoot(sql: Sql, viewer: Viewer, base: NodeRow, rootId?: number): Promise<NodeRow> {
  if (rootId === undefined || rootId === base.member_id) return base;
  const node = viewer.isAdmin ? await findNode(sql, rootId) : await findNodeWithin(sql, rootId, base.member_id);
  if (!node) throw notInNetwork();
  return node;
}

/** The viewer's place in the sponsor tree (admins: the company root). */
export async function sponsorBase(sql: Sql, viewer: Viewer): Promise<SponsorRow> {
  if (viewer.isAdmin) return findCompanyRoot(sql);
  const row = await findSponsorRow(sql, viewer.userId);
  if (!row) throw forbidden('NOT_A_MEMBER', 'This account has no network membership.');
  return row;
}

/** A waiting referral the viewer may place, with its sponsor's node. */
export interface PlaceableReferral {
  member: { id: number; username: string; sponsorId: number; sponsor: string };
  sponsorNode: NodeRow;
}

/**
 * The referral `memberId` when the viewer may place it (its sponsor, or an
 * admin): it must wait unplaced, and its sponsor must be placed already.
 * Placing locks the member row (`lock`); `field` names the request's field
 * of the member, in the ALREADY_PLACED refusal.
 */
export async function placeableReferral(
  db: Sql,
  viewer: Viewer,
  memberId: number,
  options: { lock: boolean; field: string },
): Promise<PlaceableReferral> {
  const { rows } = await db.query<{
    sponsor_id: number | null;
    placed: boolean;
    username: string;
    sponsor: string | null;
  }>(
    sql`SELECT m.sponsor_id, m.placed, u.username, s.username AS sponsor
          FROM members m JOIN users u ON u.id = m.user_id LEFT JOIN users s ON s.id = m.sponsor_id
         WHERE m.user_id = ${memberId}
         ${options.lock ? sql`FOR UPDATE OF m` : sql.empty}`,
  );
  const member = rows[0];
  if (!member || member.sponsor_id === null || (!viewer.isAdmin && member.sponsor_id !== viewer.userId)) {
    throw notFound('REFERRAL_NOT_FOUND', 'None of your referrals has this id.');
  }
  if (member.placed) throw conflict('ALREADY_PLACED', `${member.username} has already been placed.`, options.field);
  const sponsorNode = await findNode(db, member.sponsor_id);
  if (!sponsorNode) {
    throw unprocessable(
      'SPONSOR_NOT_PLACED',
      viewer.userId === member.sponsor_id
        ? 'You have not been placed in the binary tree yet, so you cannot place your referrals. Your sponsor places you first.'
        : `${member.sponsor} has not been placed yet, so their referrals cannot be placed.`,
    );
  }
  return {
    member: { id: memberId, username: member.username, sponsorId: member.sponsor_id, sponsor: member.sponsor! },
    sponsorNode,
  };
}

/** What a tree node or a downline row shows of a member, for rows aliased with a `member_id`. */
export const MEMBER_DETAILS = {
  columns: sql`u.username, u.full_name, s.username AS sponsor, m.joined_at, pk.name AS package,
    rk.id::int AS rank_id, rk.name AS rank_name, rk.colour AS rank_colour`,
  /** `t` is the row's alias, fixed text from the code. */
  joins: (t: string) =>
    sql.raw(`
    JOIN users u ON u.id = ${t}.member_id
    JOIN members m ON m.user_id = ${t}.member_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN packages pk ON pk.id = m.package_id
    LEFT JOIN member_ranks mr ON mr.member_id = ${t}.member_id
    LEFT JOIN ranks rk ON rk.id = mr.rank_id`),
};

/** The rank columns of `MEMBER_DETAILS` (or any row with them) as the API shows a rank: null for none. */
export interface RankColumns {
  rank_id: number | null;
  rank_name: string | null;
  rank_colour: string | null;
}
export const rankBadgeOf = (row: RankColumns): RankBadge =>
  row.rank_id === null ? null : { id: row.rank_id, name: row.rank_name!, colour: row.rank_colour! };
