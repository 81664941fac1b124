import type { MemberTeam } from '@portal/contract';
import { PENDING_LEGS } from './queries';

/**
 * The team figures of a member for lists outside the network pages (the
 * admin Members list): direct referrals, whether placed, and the left and
 * right team sizes — the maintained counts plus placements not rolled up
 * yet. For a query where `members` is aliased `m`: add `columns` to its
 * SELECT and `joins` to its FROM.
 */
export function teamSql(m: string) {
  return {
    columns: `${m}.direct_count, ${m}.placed,
      COALESCE(team_node.left_count + team_pending.lc, 0)::bigint AS team_left,
      COALESCE(team_node.right_count + team_pending.rc, 0)::bigint AS team_right`,
    joins: `LEFT JOIN network_nodes team_node ON team_node.member_id = ${m}.user_id
      LEFT JOIN LATERAL (${PENDING_LEGS('team_node')}) team_pending ON true`,
  };
}

export interface TeamColumns {
  direct_count: number;
  placed: boolean;
  team_left: number;
  team_right: number;
}

export function toMemberTeam(row: TeamColumns): MemberTeam {
  return { directReferrals: row.direct_count, placed: row.placed, left: row.team_left, right: row.team_right };
}
