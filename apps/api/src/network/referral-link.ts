import type { ReferralLink } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { forbidden } from '../shared/errors';
import type { Viewer } from './viewer';

/**
 * The member's referral links (plain, left, right) on the portal's address, and who signed up with them.
 * `origin`: the address the member opened the portal at (`requestOrigin`), used when PUBLIC_URL is not set.
 */
export async function referralLink(ctx: AppContext, viewer: Viewer, origin: string): Promise<ReferralLink> {
  if (!viewer.isMember) throw forbidden('NOT_A_MEMBER', 'Only network members have a referral link.');
  const { rows } = await ctx.db.query<{
    username: string;
    total: number;
    left: number;
    right: number;
    none: number;
    waiting: number;
  }>(
    sql`SELECT u.username, m.direct_count AS total, c.left, c.right, c.none, c.waiting
       FROM members m JOIN users u ON u.id = m.user_id,
            LATERAL (SELECT count(*) FILTER (WHERE requested_side = 'left') AS left,
                            count(*) FILTER (WHERE requested_side = 'right') AS right,
                            count(*) FILTER (WHERE requested_side IS NULL) AS none,
                            count(*) FILTER (WHERE NOT placed) AS waiting
                       FROM members WHERE sponsor_id = m.user_id) c
      WHERE m.user_id = ${viewer.userId}`,
  );
  const row = rows[0]!;
  // The register page reads `ref` and `side` (sponsor-lookup.ts tells the visitor whose link it is).
  const plain = plainReferralLink(ctx, row.username, origin);
  return {
    username: row.username,
    links: { plain, left: `${plain}&side=left`, right: `${plain}&side=right` },
    signups: { total: row.total, left: row.left, right: row.right, noSide: row.none, waiting: row.waiting },
  };
}

/**
 * The member's plain referral link: the register page with `ref`, on PUBLIC_URL, else on the address the member
 * opened the portal at (a portal reached at 192.168.1.20:3000 gives links that work there, not `localhost`).
 */
export function plainReferralLink(ctx: AppContext, username: string, origin: string): string {
  const base = ctx.config.publicUrlSet ? ctx.config.publicUrl : origin;
  return `${base}/register?ref=${encodeURIComponent(username)}`;
}

/** The address a request reached the portal at, as the browser wrote it (behind a trusted proxy, its forwarded one). */
export const requestOrigin = (request: { protocol: string; host: string }): string =>
  `${request.protocol}://${request.host}`;
