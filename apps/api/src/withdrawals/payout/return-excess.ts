import { erc20Abi } from 'viem';
import { fromBaseUnits } from '@portal/contract';
import { writeAudit } from '../../audit/write-audit';
import { settleRecorded, type RecordedTx } from '../../platform/chain/recorded-tx';
import { toLedgerUnits } from '../../platform/chain/token';
import { gasPrice as readGasPrice, signTokenTransfer, TOKEN_TRANSFER_GAS } from '../../platform/chain/tx';
import type { Sql } from '../../platform/db/database';
import { sql } from '../../platform/db/sql';
import { readSettings } from '../../settings/in-force';
import { aboveCap, hotWalletCeiling, hotWalletNeeds } from './hot-wallet';
import type { PayoutPass } from './pass';

/**
 * The hot wallet's ceiling (the `hotWalletCap` setting,
 * docs/decisions/0053-keys-only-where-they-sign.md): what it holds above
 * what withdrawals need plus the cap goes back to the treasury, where the
 * portal holds the treasury's key (a cold treasury gets the alert only:
 * deposits/hot-wallet-funding.ts, health/checks.ts). Signed by the hot
 * wallet in the payout pass, under its lease, and only while no payout is
 * open: the move takes the wallet's next nonce and is mined before any
 * payout reserves one. Recorded before it is sent (`hot_wallet_returns`);
 * one left unsent by a crash is sent, as recorded, first in the next pass.
 * The ledger does not change: both wallets are the company's (as for a move
 * the other way, deposits/move-from-treasury.ts).
 */
interface ReturnRow extends RecordedTx {
  nonce: string;
}

const markReturn = (db: Sql, id: number, status: RecordedTx['status']) =>
  db.query(sql`UPDATE hot_wallet_returns SET status = ${status}, updated_at = now() WHERE id = ${id}`);

/** Answers the amount sent back in this pass (ledger units; 0 when none). */
export async function keepUnderCap(pass: PayoutPass): Promise<bigint> {
  const { ctx, chain, wallet, token } = pass;
  const { db } = ctx;
  const signer = chain.hotWallet;
  if (!signer) return 0n;
  const open = await db.query<ReturnRow>(
    sql`SELECT id, tx_hash, raw_tx, status, nonce::text FROM hot_wallet_returns WHERE chain_id = ${chain.chainId} AND from_address = ${wallet.toLowerCase()} AND status IN ('signed', 'sent') ORDER BY id`,
  );
  await settleRecorded(chain, open.rows, (id, status) => markReturn(db, id, status));
  if (!chain.treasuryKeyHeld) return 0n;

  const payouts = await db.query<{ n: number; nonce: string | null }>(
    sql`SELECT count(*) FILTER (WHERE status IN ('queued', 'signed', 'broadcast', 'mined'))::int AS n, max(nonce)::text AS nonce
          FROM payouts WHERE chain_id = ${chain.chainId} AND wallet = ${wallet}`,
  );
  if (payouts.rows[0]!.n > 0) return 0n;
  const settings = await readSettings(db);
  if (hotWalletCeiling(settings) === null) return 0n;
  const [needs, held, bnb, price] = await Promise.all([
    hotWalletNeeds(db),
    chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] }),
    chain.client.getBalance({ address: wallet }),
    readGasPrice(chain.client),
  ]);
  const scale = 10n ** BigInt(18 - token.decimals);
  // Whole token units only: a ledger amount finer than the token's decimals cannot be sent.
  const excess =
    (aboveCap(settings, toLedgerUnits(held, token.decimals), needs.owed + needs.pendingNet) / scale) * scale;
  if (excess === 0n) return 0n;
  const gasPrice = (price * 15n) / 10n;
  if (bnb < gasPrice * TOKEN_TRANSFER_GAS) {
    ctx.log.warn({ wallet }, 'the hot wallet is above its cap but has no BNB for the gas of the move back');
    return 0n;
  }

  const recorded = await db.transaction(async (tx) => {
    const { rows: last } = await tx.query<{ nonce: string | null }>(
      sql`SELECT max(nonce)::text AS nonce FROM hot_wallet_returns WHERE chain_id = ${chain.chainId} AND from_address = ${wallet.toLowerCase()}`,
    );
    const pending = await chain.client.getTransactionCount({ address: wallet, blockTag: 'pending' });
    // The larger of the node's count and one past every nonce recorded for the wallet (platform/chain/recorded-tx.ts nextNonce).
    const after = (n: string | null) => (n === null ? 0 : Number(n) + 1);
    const nonce = Math.max(pending, after(payouts.rows[0]!.nonce), after(last[0]!.nonce));
    const signed = await signTokenTransfer(chain.client, signer, {
      token: token.address,
      to: chain.treasuryAddress,
      amount: excess / scale,
      nonce,
      gasPrice,
    });
    const { rows } = await tx.query<ReturnRow>(
      sql`INSERT INTO hot_wallet_returns (chain_id, from_address, to_address, amount, nonce, tx_hash, raw_tx, status)
          VALUES (${chain.chainId}, ${wallet.toLowerCase()}, ${chain.treasuryAddress.toLowerCase()}, ${excess.toString()}, ${nonce}, ${signed.hash}, ${signed.serialized}, 'signed')
          RETURNING id, tx_hash, raw_tx, status, nonce::text`,
    );
    await writeAudit(tx, {
      actor: { userId: null, ip: null },
      action: 'hot_wallet.return_to_treasury',
      targetType: 'hot_wallet_return',
      targetId: rows[0]!.id,
      details: {
        amount: fromBaseUnits(excess),
        cap: settings.hotWalletCap,
        txHash: signed.hash,
        summary: `Sent ${fromBaseUnits(excess)} USDT above the hot wallet's cap back to the treasury`,
      },
    });
    return rows;
  });
  await settleRecorded(chain, recorded, (id, status) => markReturn(db, id, status));
  return excess;
}
