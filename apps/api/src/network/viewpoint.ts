import type { Sql } from '../db/database';
import { forbidden, notFound } from '../shared/errors';
import { findCompanyRoot, findNode, findNodeWithin, findRootNode, findSponsorRow, type NodeRow, type SponsorRow } from './queries';
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

/** What a tree node or a downline row shows of a member, for rows aliased with a `member_id`. */
export const MEMBER_DETAILS = {
  columns: 'u.username, u.full_name, s.username AS sponsor, m.joined_at, pk.name AS package',
  joins: (t: string) => `
    JOIN users u ON u.id = ${t}.member_id
    JOIN members m ON m.user_id = ${t}.member_id
    LEFT JOIN users s ON s.id = m.sponsor_id
    LEFT JOIN packages pk ON pk.id = m.package_id`,
};

/** Numbered parameters for SQL put together piece by piece. */
export function binder() {
  const params: unknown[] = [];
  return {
    params,
    p(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}
