import type { Rescan } from '@portal/contract';
import { sql } from '../../platform/db/sql';

/** A `deposit_rescans` row (migration 0030) as the list and the answers read it. */
export interface RescanRow {
  id: number;
  status: Rescan['status'];
  from_block: string;
  to_block: string;
  next_block: string;
  found: number;
  credited: number;
  held: number;
  below_minimum: number;
  started_by: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  error: string | null;
}

export const RESCAN_SELECT = sql`SELECT r.id, r.status, r.from_block::text, r.to_block::text, r.next_block::text, r.found, r.credited, r.held,
         r.below_minimum, u.username AS started_by, r.created_at, r.updated_at, r.finished_at, r.error
    FROM deposit_rescans r LEFT JOIN users u ON u.id = r.started_by`;

/** A rescan with its progress: blocks below `next_block` are read. */
export function toRescan(row: RescanRow): Rescan {
  const from = BigInt(row.from_block);
  const next = BigInt(row.next_block);
  return {
    id: Number(row.id),
    status: row.status,
    fromBlock: row.from_block,
    toBlock: row.to_block,
    nextBlock: row.next_block,
    // At most RESCAN_MAX_BLOCKS apart (start.ts): safe as numbers.
    blocksDone: Number(next - from),
    blocksTotal: Number(BigInt(row.to_block) - from + 1n),
    found: row.found,
    credited: row.credited,
    held: row.held,
    belowMinimum: row.below_minimum,
    startedBy: row.started_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    error: row.error,
  };
}
