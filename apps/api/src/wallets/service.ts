import type { AllEntriesQuery } from '@portal/contract';
import type { Sql } from '../db/database';
import { pageResult, pageWindow } from '../shared/pagination';
import { countWalletEntries, listWalletEntries } from './queries';

/** A page of a member's wallet history (all wallets, or the one in `query.wallet`). */
export async function walletHistory(sql: Sql, memberId: number, query: AllEntriesQuery) {
  const [total, items] = await Promise.all([countWalletEntries(sql, memberId, query), listWalletEntries(sql, memberId, query, pageWindow(query))]);
  return pageResult(items, total, query);
}
