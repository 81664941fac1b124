import type { AdminMemberDetail } from '@portal/contract';
import type { AppContext } from '../context';
import { walletBalances } from '../ledger/queries';
import { sql } from '../platform/db/sql';
import { existingMember } from './existing-member';
import { toAdminMember } from './queries';

export async function readMemberDetail(ctx: AppContext, id: number): Promise<AdminMemberDetail> {
  const { db } = ctx;
  const row = await existingMember(db, id);
  const referrals = await db.query<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM members WHERE sponsor_id = ${id}`,
  );
  return {
    ...toAdminMember(row),
    phone: row.phone,
    country: row.country,
    wallets: await walletBalances(db, id),
    directReferrals: referrals.rows[0]!.total,
  };
}
