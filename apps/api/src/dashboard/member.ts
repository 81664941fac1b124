import { DASHBOARD_INCOME_DAYS, fromBaseUnits, type MemberDashboard, type PendingItem } from '@portal/contract';
import type { AppContext } from '../context';
import { sql, type SqlQuery } from '../platform/db/sql';
import { refusedSession } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { incomeByKind, incomeRows, incomeSeries, incomeTotalsRow, type IncomeRow } from '../bonuses/income';
import { lastMatchingRate, needsSettings, planStatusOf, planStatusRow, type PlanStatusRow } from '../bonuses/status';
import { walletBalancesOf } from '../ledger/queries';
import { plainReferralLink } from '../network/referral-link';
import { bvText } from '../shared/bv';
import { utcDayOf } from '../shared/utc-day';
import { latestEntries, toWalletEntry, type EntryRow } from '../wallets/queries';
import { CLOSE_IN_REVIEW, inReviewOf, type InReviewRow } from '../plan/close-rows';
import { settingsOfVersion } from '../settings/in-force';
import type { WithdrawalRow } from '../withdrawals/rows';
import { pendingWithdrawalRows, withdrawalsPending } from './pending-withdrawals';
import { groupCommit } from '../platform/db/group-commit';
import { part } from '../per-process';

const DAY_MS = 86_400_000;
const RECENT_LINES = 5;

/** The member dashboard's statement's answer: each part as JSON, money as text. */
interface Facts {
  refusal: string | null;
  visits: number;
  plan: PlanStatusRow;
  settings_version: string;
  in_review: InReviewRow | null;
  withdrawals: WithdrawalRow[] | null;
  wallets: Array<{ wallet: string; balance: string }> | null;
  teams: { left_count: number; right_count: number } | null;
  username: string;
  direct_count: number;
  income: IncomeRow[] | null;
  all_time: Omit<IncomeRow, 'period'>;
  redemptions: Array<{ id: number; points: string; created_at: string; name: string }> | null;
  deposits: Array<{ id: number; amount: string; status: 'seen' | 'held'; seen_at: string }> | null;
  placement: { pending_volume: string; joined: string } | null;
  recent: EntryRow[] | null;
}

const json = (query: SqlQuery) => sql`(SELECT json_agg(x) FROM (${query}) x)`;

/** Whose dashboard, and the session its statement checks (null: the guard checked it). */
interface Asked {
  userId: number;
  session: string | null;
}

/** A group's answer for one member: its facts (none for an unknown user) and the days its income was read for. */
interface Read {
  facts: Facts | undefined;
  from: string;
  to: string;
}

/**
 * Dashboards asked for together are read together (docs/decisions/0048-dashboard-cpu-per-answer.md): one statement
 * for up to `MOST_ASKED` members, one group in the database at a time, as the money paths group their requests
 * (platform/db/group-commit.ts). The statement's start costs the server about 0.3 ms and each member in it about 0.1 ms more:
 * alone, a member costs 0.4 ms; in a group of eight, 0.14 ms. A request that finds no group running goes at once,
 * alone; the others wait for it and go together. Two groups at once answered fewer, and groups of 16 as many as of 8
 * with longer waits (the ADR's figures).
 */
const MOST_ASKED = 8;
const GROUPS_AT_ONCE = 1;

/** The portal's one reader: every dashboard asked for in the process joins its groups. */
const READER = part<(asked: Asked) => Promise<Read>>('the member dashboards group read');

function readerOf(ctx: AppContext) {
  return ctx.perProcess.of(READER, () =>
    groupCommit((group: Asked[]) => readGroup(ctx, group), {
      maxGroup: MOST_ASKED,
      concurrency: GROUPS_AT_ONCE,
    }),
  );
}

/** The member's key in the group's statement: each part reads by it, through an index each. */
const asked = sql.raw('asked.user_id');

/**
 * The facts of a group of members from one statement: by each member's key through an index each, the session's
 * check, the visits, the wallets, the plan status, the teams, the referral link's figures, the income (90 days by
 * day, and all time), what is pending and the newest lines of the wallet history, each part the SQL of the page
 * behind it where there is one (`planStatusRow`, `incomeRows`, `incomeTotalsRow`, `pendingWithdrawalRows`,
 * `latestEntries`). The members come as one JSON parameter, so the planner estimates a group of any size alike and
 * keeps one generic plan (an array's length would make it plan small groups again each time).
 */
async function readGroup(ctx: AppContext, group: Asked[]): Promise<Read[]> {
  const today = utcDayOf(ctx.now()).start;
  const from = isoDay(new Date(today.getTime() - (DASHBOARD_INCOME_DAYS - 1) * DAY_MS));
  const to = isoDay(today);
  const members = JSON.stringify(group.map((a, i) => ({ i, user_id: a.userId, session: a.session })));
  // Prepared: planning this statement costs more than running it (ADR 0046), so each connection plans it once.
  const { rows } = await ctx.db.query<Facts & { i: number }>(
    sql.prepared(sql`SELECT asked.i,
              CASE WHEN asked.session IS NOT NULL THEN auth_session_refusal(asked.session, asked.user_id) END AS refusal,
              -- Two sessions are enough to know it is not the first visit (auth_sessions_user_idx); a support view is no visit.
              (SELECT count(*)::int FROM (SELECT 1 FROM auth_sessions WHERE user_id = ${asked} AND viewed_by IS NULL LIMIT 2) s) AS visits,
              ${json(sql`SELECT wallet, balance::text AS balance FROM ledger_accounts WHERE owner_id = ${asked}`)} AS wallets,
              (SELECT row_to_json(x) FROM (${planStatusRow(asked, lastMatchingRate())}) x) AS plan,
              (SELECT version::text FROM settings_version) AS settings_version,
              (SELECT row_to_json(x) FROM (${CLOSE_IN_REVIEW}) x) AS in_review,
              (SELECT json_build_object('left_count', left_count, 'right_count', right_count)
                 FROM network_nodes WHERE member_id = ${asked}) AS teams,
              u.username, m.direct_count,
              ${json(incomeRows('day', from, to, asked))} AS income,
              -- All time is only its totals: summed, not laid out by period for nothing.
              (SELECT row_to_json(x) FROM (${incomeTotalsRow(asked)}) x) AS all_time,
              ${json(pendingWithdrawalRows(asked))} AS withdrawals,
              ${json(
                sql`SELECT r.id, r.points::text AS points, r.created_at, p.name FROM redemptions r JOIN products p ON p.id = r.product_id
                     WHERE r.member_id = ${asked} AND r.status = 'pending' ORDER BY r.id`,
              )} AS redemptions,
              ${json(
                sql`SELECT id, amount::text AS amount, status, seen_at FROM deposits
                     WHERE member_id = ${asked} AND status IN ('seen', 'held') ORDER BY id`,
              )} AS deposits,
              CASE WHEN m.sponsor_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM network_nodes n WHERE n.member_id = m.user_id)
                   THEN json_build_object('pending_volume', m.pending_volume::text, 'joined', u.created_at) END AS placement,
              ${json(latestEntries(asked, RECENT_LINES))} AS recent
         FROM json_to_recordset(${members}::json) AS asked(i int, user_id bigint, session uuid)
         LEFT JOIN users u ON u.id = asked.user_id
         LEFT JOIN members m ON m.user_id = u.id`),
  );
  const byPlace = new Map(rows.map((row) => [row.i, row]));
  return group.map((_, i) => ({ facts: byPlace.get(i), from, to }));
}

/**
 * The member dashboard in one answer (docs/decisions/0046-member-dashboard-in-one-statement.md): the member's facts,
 * read with the others asked for at the same moment (`readGroup`), made into the answer by each page's own mapping.
 * Tests check each figure against the page behind it.
 */
export async function memberDashboard(ctx: AppContext, principal: Principal, origin: string): Promise<MemberDashboard> {
  const { db } = ctx;
  // The session to check here when the guard left it to this statement (the route's `sessionCheckedInStatement`).
  const session = principal.sessionUnchecked ? principal.sessionId : null;
  const { facts, from, to } = await readerOf(ctx)({ userId: principal.userId, session });
  // No user of that id: the account is gone, so is the session.
  const refused = refusedSession(facts?.username == null ? 'SESSION_ENDED' : (facts.refusal ?? undefined));
  if (refused) throw refused;
  const f = facts!;
  // The settings only when the plan's estimate needs them, and read again only when their version moved.
  const settings = needsSettings(f.plan) ? await settingsOfVersion(db, f.settings_version) : undefined;
  const income = incomeSeries('day', f.income ?? [], from, to);
  return {
    firstVisit: f.visits <= 1,
    wallets: walletBalancesOf(f.wallets ?? []),
    plan: await planStatusOf(db, f.plan, settings, inReviewOf(f.in_review)),
    teams: f.teams ? { left: Number(f.teams.left_count), right: Number(f.teams.right_count) } : null,
    directReferrals: f.direct_count,
    income: income.map((d) => ({
      day: d.period,
      referral: fromBaseUnits(d.referral),
      matching: fromBaseUnits(d.matching),
      rank: fromBaseUnits(d.rank),
    })),
    incomeTotals: incomeByKind({
      referral: BigInt(f.all_time.referral),
      matching: BigInt(f.all_time.matching),
      rank: BigInt(f.all_time.rank),
    }),
    pending: pendingItems(f, withdrawalsPending(ctx, f.withdrawals ?? [])),
    referralLink: plainReferralLink(ctx, f.username, origin),
    recent: (f.recent ?? []).map(toWalletEntry),
  };
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** What is not finished yet: withdrawals, redemptions waiting for an admin, deposits not final or held, a placement. */
function pendingItems(f: Facts, withdrawals: PendingItem[]): PendingItem[] {
  const items: PendingItem[] = [...withdrawals];
  for (const r of f.redemptions ?? [])
    items.push({
      kind: 'redemption',
      id: Number(r.id),
      amount: fromBaseUnits(BigInt(r.points)),
      unit: 'points',
      state: `${r.name}: waiting for an admin to approve`,
      at: new Date(r.created_at).toISOString(),
      link: '/redeem-history',
    });
  for (const d of f.deposits ?? [])
    items.push({
      kind: 'deposit',
      id: Number(d.id),
      amount: fromBaseUnits(BigInt(d.amount)),
      unit: 'USDT',
      state:
        d.status === 'held'
          ? 'Held for a check by the company before it is credited'
          : 'Seen on the chain: credited once its block is final',
      at: new Date(d.seen_at).toISOString(),
      link: '/deposit-history-member',
    });
  const waiting = f.placement;
  if (waiting) {
    const volume = Number(waiting.pending_volume);
    items.push({
      kind: 'placement',
      id: null,
      amount: volume > 0 ? bvText(waiting.pending_volume) : null,
      unit: volume > 0 ? 'BV' : null,
      state: 'Waiting for your sponsor to place you in the binary tree; your volume counts from then',
      at: new Date(waiting.joined).toISOString(),
      link: '/member-network',
    });
  }
  return items;
}
