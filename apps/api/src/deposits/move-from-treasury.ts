import { erc20Abi, type Address } from 'viem';
import { fromBaseUnits, toBaseUnits, type TreasuryMove, type TreasuryMoveBody } from '@portal/contract';
import type { Chain } from '../chain';
import { nextNonce, settleRecorded, type RecordedTx } from '../chain/recorded-tx';
import { toLedgerUnits, toTokenUnits, type TokenInfo } from '../chain/token';
import { gasPrice as readGasPrice, signTokenTransfer, TOKEN_TRANSFER_GAS } from '../chain/tx';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { writeAudit, type Actor } from '../audit/service';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { fromChain, requireChain } from './require-chain';
import { badRequest, conflict, unprocessable } from '../shared/errors';

/**
 * An admin moves USDT from the treasury to the hot wallet, where the portal
 * holds the treasury's key (the embedded chain's, or TREASURY_KEY). Recorded
 * like a consolidation's sweep (sweep-deposit-addresses.ts): signed,
 * stored with its nonce, hash and bytes and audited in one transaction, and
 * only then broadcast; a move left unsent by a crash is re-sent as recorded
 * by the next one. The ledger does not change: both wallets are the
 * company's, and the reconciliation counts them together (wallets.ts).
 */
interface MoveRow extends RecordedTx {
  from_address: string;
  to_address: string;
  amount: string;
  nonce: number;
  created_at: Date;
}

const treasuryCold = () =>
  conflict(
    'TREASURY_COLD',
    "The portal does not hold the treasury's key (TREASURY_KEY): send the amount from the treasury's own wallet with the QR code on this page.",
  );

const markMove = (db: Sql, id: number, status: RecordedTx['status']) =>
  db.query(sql`UPDATE treasury_moves SET status = ${status}, updated_at = now() WHERE id = ${id}`);

export async function moveTreasuryToHot(
  ctx: AppContext,
  actor: Actor,
  body: TreasuryMoveBody,
  idempotencyKey?: string,
): Promise<IdempotentAnswer<TreasuryMove>> {
  const { db } = ctx;
  const chain = requireChain(ctx);
  const signer = chain.treasuryWallet;
  if (!signer) throw treasuryCold();
  const hot = chain.hotWalletAddress;
  if (!hot) throw conflict('PAYOUTS_NOT_CONFIGURED', 'The portal has no hot wallet (HOT_WALLET_KEY) to move funds to.');
  const amount = toBaseUnits(body.amount);
  return fromChain(chain, async () => {
    // What an earlier move left unsent (a crash after recording it) goes first, as recorded.
    await settleOpenMoves(db, chain);
    const token = await chain.token();
    let units: bigint;
    try {
      units = toTokenUnits(amount, token.decimals);
    } catch {
      throw badRequest('AMOUNT_TOO_PRECISE', `Amount has more than the token's ${token.decimals} decimals.`, 'amount');
    }
    const answer = await runIdempotent(
      db,
      {
        userId: actor.userId,
        operation: 'treasury_move',
        key: idempotencyKey,
        request: { amount: fromBaseUnits(amount) },
      },
      async (tx) => {
        // One signer of the treasury at a time: the nonce read below and the record are one step.
        await tx.query(sql`LOCK TABLE treasury_moves IN SHARE ROW EXCLUSIVE MODE`);
        const price = ((await readGasPrice(chain.client)) * 15n) / 10n;
        await assertTreasuryCovers(chain, token, signer.address, units, price * TOKEN_TRANSFER_GAS);
        const { rows: last } = await tx.query<{ nonce: number | null }>(
          sql`SELECT max(nonce) AS nonce FROM treasury_moves WHERE chain_id = ${chain.chainId} AND from_address = ${signer.address.toLowerCase()}`,
        );
        const signed = await signTokenTransfer(chain.client, signer, {
          token: token.address,
          to: hot,
          amount: units,
          nonce: await nextNonce(chain, signer.address, last[0]?.nonce),
          gasPrice: price,
        });
        const { rows } = await tx.query<MoveRow>(
          sql`INSERT INTO treasury_moves (chain_id, requested_by, from_address, to_address, amount, nonce, tx_hash, raw_tx, status)
              VALUES (${chain.chainId}, ${actor.userId}, ${signed.from.toLowerCase()}, ${signed.to.toLowerCase()}, ${amount.toString()}, ${signed.nonce}, ${signed.hash}, ${signed.serialized}, 'signed')
              RETURNING *`,
        );
        const move = rows[0]!;
        await writeAudit(tx, {
          actor,
          action: 'hot_wallet.move_from_treasury',
          targetType: 'treasury_move',
          targetId: move.id,
          details: {
            amount: fromBaseUnits(amount),
            from: signed.from,
            to: signed.to,
            nonce: signed.nonce,
            txHash: signed.hash,
            summary: `Moved ${fromBaseUnits(amount)} USDT from the treasury to the hot wallet`,
          },
        });
        return { status: 201, body: toMove(chain, move) };
      },
    );
    // Sent and waited for after the record is committed; a repeated key finds it here too.
    const { rows } = await db.query<MoveRow>(sql`SELECT * FROM treasury_moves WHERE id = ${answer.body.id}`);
    await settleRecorded(chain, rows, (id, status) => markMove(db, id, status));
    return { ...answer, body: toMove(chain, rows[0]!) };
  });
}

/** The treasury holds `units` of the token and BNB for `fee` (its earlier moves are mined by now). */
async function assertTreasuryCovers(chain: Chain, token: TokenInfo, treasury: Address, units: bigint, fee: bigint) {
  const [held, bnb] = await Promise.all([
    chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [treasury] }),
    chain.client.getBalance({ address: treasury }),
  ]);
  if (held < units)
    throw unprocessable(
      'TREASURY_SHORT',
      `The treasury holds ${fromBaseUnits(toLedgerUnits(held, token.decimals))} USDT, less than the amount to move.`,
      'amount',
    );
  if (bnb < fee)
    throw unprocessable(
      'TREASURY_SHORT',
      'The treasury has too little BNB to pay the gas of a transfer: send it some BNB, then try again.',
    );
}

async function settleOpenMoves(db: Sql, chain: Chain): Promise<void> {
  const { rows } = await db.query<MoveRow>(
    sql`SELECT * FROM treasury_moves WHERE chain_id = ${chain.chainId} AND status IN ('signed', 'sent') ORDER BY id`,
  );
  await settleRecorded(chain, rows, (id, status) => markMove(db, id, status));
}

function toMove(chain: Chain, row: MoveRow): TreasuryMove {
  return {
    id: Number(row.id),
    amount: fromBaseUnits(BigInt(row.amount)),
    fromAddress: row.from_address,
    toAddress: row.to_address,
    nonce: Number(row.nonce),
    txHash: row.tx_hash,
    status: row.status,
    explorerUrl: chain.explorerTx(row.tx_hash),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
