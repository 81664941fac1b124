import { parseAbiItem, type Hex } from 'viem';
import { writeAudit } from '../../audit/write-audit';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { toLedgerUnits } from '../../platform/chain/token';
import { MAX_RANGE } from '../../platform/chain/finality';
import type { PayoutPass } from './pass';
import { settlePayout } from './settle';
import type { PayoutRow } from './transactions';

/**
 * A restore that never pays twice (docs/decisions/0053-keys-only-where-they-sign.md).
 * `npm run db:restore` records a check (`recordRestoreCheck`) naming every
 * payout of the backup not yet paid: the old portal may have paid any of
 * them after the backup, and the restored database cannot know. Until the
 * check is done the payout job pays nothing (`restoreCheckHolds`, first in
 * its pass, under the hot wallet's lease): it reads the hot wallet's
 * Transfer logs from the backup's block to the head it first saw, once that
 * head is final, and matches each payout — found, it is settled as paid
 * with that transaction; not found, it is released to the normal flow.
 */

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Payouts that the restore check covers: approved, not yet paid (nor failed or cancelled: nothing of those can land). */
const LIVE = sql`status IN ('queued', 'signed', 'broadcast', 'mined')`;

/**
 * Called by the restore on the restored database (backup/backup.ts): the
 * check and its payouts; the backup's block is the deposit watcher's cursor
 * in it (it reads only final blocks, so nothing the old portal signed after
 * the backup is in a block before it). Answers how many payouts are held.
 */
export async function recordRestoreCheck(db: Sql): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM payouts WHERE ${LIVE}`);
  if (rows[0]!.n === 0) return 0;
  const check = await db.query<{ id: number }>(
    sql`INSERT INTO restore_checks (from_block) SELECT (SELECT min(final_next) FROM chain_watch) RETURNING id`,
  );
  await db.query(
    sql`INSERT INTO restore_check_payouts (check_id, payout_id, withdrawal_id)
        SELECT ${check.rows[0]!.id}, id, withdrawal_id FROM payouts WHERE ${LIVE}`,
  );
  return rows[0]!.n;
}

interface CheckRow {
  id: number;
  from_block: string | null;
  to_block: string | null;
}

interface Transfer {
  hash: Hex;
  block: bigint;
  to: string;
  value: bigint;
}

/**
 * 0 once no restore check is pending (the pass goes on); otherwise the
 * number of payouts it still holds, after doing the check if the chain is
 * far enough (the head it first saw is final).
 */
export async function restoreCheckHolds(pass: PayoutPass): Promise<number> {
  const { ctx, chain, wallet, token } = pass;
  const { db } = ctx;
  const { rows } = await db.query<CheckRow>(
    sql`SELECT id, from_block::text, to_block::text FROM restore_checks WHERE status = 'pending' ORDER BY id LIMIT 1`,
  );
  const check = rows[0];
  if (!check) return 0;
  const held = await db.query<PayoutRow>(
    sql`SELECT p.id, p.withdrawal_id, p.status, p.to_address, p.amount::text, p.nonce::text, p.error
          FROM restore_check_payouts r JOIN payouts p ON p.id = r.payout_id
         WHERE r.check_id = ${check.id} AND r.outcome IS NULL ORDER BY p.id`,
  );
  const finality = await chain.finality();
  let to = check.to_block === null ? null : BigInt(check.to_block);
  if (to === null) {
    to = finality.latest;
    await db.query(sql`UPDATE restore_checks SET to_block = ${to.toString()} WHERE id = ${check.id}`);
  }
  if (finality.final < to) return held.rows.length;

  const transfers: Transfer[] = [];
  for (let from = BigInt(check.from_block ?? '0'); from <= to; from += MAX_RANGE) {
    const end = from + MAX_RANGE - 1n < to ? from + MAX_RANGE - 1n : to;
    const logs = await chain.client.getLogs({
      address: token.address,
      event: TRANSFER,
      args: { from: wallet },
      fromBlock: from,
      toBlock: end,
    });
    for (const log of logs)
      transfers.push({
        hash: log.transactionHash,
        block: log.blockNumber,
        to: log.args.to!.toLowerCase(),
        value: toLedgerUnits(log.args.value!, token.decimals),
      });
  }
  // Transactions the restored database knows belong to their own payout: never matched to another one.
  const known = await db.query<{ tx_hash: string; payout_id: number }>(
    sql`SELECT lower(tx_hash) AS tx_hash, payout_id FROM payout_transactions`,
  );
  const owner = new Map(known.rows.map((r) => [r.tx_hash, Number(r.payout_id)]));
  const open = new Map(held.rows.map((p) => [Number(p.id), p]));
  const found = new Map<number, Transfer>();
  for (const t of transfers) {
    const own = owner.get(t.hash.toLowerCase());
    const match =
      own !== undefined
        ? open.get(own)
        : [...open.values()].find((p) => p.to_address.toLowerCase() === t.to && BigInt(p.amount) === t.value);
    if (!match) continue;
    found.set(Number(match.id), t);
    open.delete(Number(match.id));
  }

  await db.transaction(async (tx) => {
    for (const payout of held.rows) {
      const t = found.get(Number(payout.id));
      if (t) {
        await tx.query(
          sql`UPDATE payouts SET tx_hash = ${t.hash}, block_number = ${t.block.toString()} WHERE id = ${payout.id}`,
        );
        await settlePayout(ctx, tx, payout, t.hash, t.block);
      }
      await tx.query(
        sql`UPDATE restore_check_payouts SET outcome = ${t ? 'found' : 'released'}, tx_hash = ${t?.hash ?? null}, block_number = ${t?.block.toString() ?? null}
             WHERE check_id = ${check.id} AND payout_id = ${payout.id}`,
      );
    }
    await tx.query(sql`UPDATE restore_checks SET status = 'done', finished_at = now() WHERE id = ${check.id}`);
    await writeAudit(tx, {
      actor: { userId: null, ip: null },
      action: 'payout.restore_check',
      targetType: 'restore_check',
      targetId: check.id,
      details: {
        fromBlock: check.from_block,
        toBlock: to.toString(),
        found: [...found.entries()].map(([id, t]) => ({ payout: id, txHash: t.hash })),
        released: [...open.keys()],
        summary: `After the restore: ${found.size} payout(s) found on chain and settled as paid, ${open.size} released to be paid`,
      },
    });
  });
  return 0;
}
