import type { PageQuery, Rescan, RescanPage } from '@portal/contract';
import type { AppContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { notFound } from '../../shared/errors';
import { defineList } from '../../shared/list-query';
import { RESCAN_SELECT, toRescan, type RescanRow } from './rows';

/** The rescans, newest first (the admin card's list). */
const rescanList = defineList({
  select: RESCAN_SELECT,
  counted: sql`deposit_rescans r`,
  sorts: { startedAt: 'r.id' },
  tieBreaker: 'r.id',
  toItem: toRescan,
});

export async function listRescans(ctx: AppContext, query: PageQuery): Promise<RescanPage> {
  return (await rescanList.page(ctx.db, { where: [], sort: '-startedAt' }, query)).page;
}

/** One rescan with its progress; 404 RESCAN_NOT_FOUND for an unknown id. */
export async function readRescan(ctx: AppContext, id: number): Promise<Rescan> {
  const { rows } = await ctx.db.query<RescanRow>(sql`${RESCAN_SELECT} WHERE r.id = ${id}`);
  if (!rows[0]) throw notFound('RESCAN_NOT_FOUND', `There is no rescan #${id}.`);
  return toRescan(rows[0]);
}
