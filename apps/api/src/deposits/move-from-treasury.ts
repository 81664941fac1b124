import { erc20Abi, type Address, type Hex } from 'viem';
import { fromBaseUnits, toBaseUnits, type TreasuryMove, type TreasuryMoveBody } from '@portal/contract';
import type { Chain } from '../platform/chain';
import { nextNonce, settleRecorded, type RecordedTx } from '../platform/chain/recorded-tx';
import { toLedgerUnits, toTokenUnits, type TokenInfo } from '../platform/chain/token';
import {
  gasPrice as readGasPrice,
  signTokenTransfer,
  TOKEN_TRANSFER_GAS,
  transactionState,
} from '../platform/chain/tx';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
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
        await assertTreasuryCovers(tx, chain, token, signer.address, units, price * TOKEN_TRANSFER_GAS);
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

/**
 * The treasury's balances at the latest block, less what its moves recorded
 * and not mined by that block will take: signed and to be sent, they are not
 * in the balance yet. Read at one block, so a move mined meanwhile is counted
 * once, whichever side of the read it landed on.
 */
async function treasuryFree(tx: Sql, chain: Chain, token: TokenInfo, treasury: Address) {
  const { rows } = await tx.query<{ amount: string; tx_hash: string }>(
    sql`SELECT amount, tx_hash FROM treasury_moves
         WHERE chain_id = ${chain.chainId} AND from_address = ${treasury.toLowerCase()} AND status IN ('signed', 'sent')`,
  );
  const blockNumber = await chain.client.getBlockNumber();
  const [balance, bnb, states] = await Promise.all([
    chain.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [treasury],
      blockNumber,
    }),
    chain.client.getBalance({ address: treasury, blockNumber }),
    Promise.all(rows.map((row) => transactionState(chain.client, row.tx_hash as Hex))),
  ]);
  const open = rows.filter((_, i) => {
    const mined = states[i]!.blockNumber;
    return mined === undefined || mined > blockNumber;
  });
  const reserved = open.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  const reservedUnits = toTokenUnits(reserved, token.decimals);
  return {
    tokens: balance > reservedUnits ? balance - reservedUnits : 0n,
    bnb,
    reserved: { amount: reserved, count: open.length },
  };
}

/**
 * The treasury holds `units` of the token and BNB for `fee`, beyond what its
 * moves recorded and not yet mined will take (`treasuryFree`). Called under
 * the treasury_moves lock, so the moves asked for at once each see the ones
 * recorded before them: together they never ask for more than the treasury
 * holds, and the ones that would are refused before anything is signed.
 */
async function assertTreasuryCovers(
  tx: Sql,
  chain: Chain,
  token: TokenInfo,
  treasury: Address,
  units: bigint,
  fee: bigint,
) {
  const { tokens: held, bnb, reserved } = await treasuryFree(tx, chain, token, treasury);
  if (held < units)
    throw unprocessable(
      'TREASURY_SHORT',
      reserved.count === 0
        ? `The treasury holds ${fromBaseUnits(toLedgerUnits(held, token.decimals))} USDT, less than the amount to move.`
        : `The treasury holds ${fromBaseUnits(toLedgerUnits(held, token.decimals))} USDT beyond the ${reserved.count} move${reserved.count === 1 ? '' : 's'} on its way (${fromBaseUnits(reserved.amount)} USDT), less than the amount to move.`,
      'amount',
    );
  if (bnb < fee * BigInt(reserved.count + 1))
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
