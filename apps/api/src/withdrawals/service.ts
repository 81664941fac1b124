import {
  feeFor,
  fromBaseUnits,
  toBaseUnits,
  DECIMALS,
  type AdminWithdrawalListQuery,
  type BulkResult,
  type Settings,
  type Withdrawal,
  type WithdrawalAddress,
  type WithdrawalAddressList,
  type WithdrawalBody,
  type WithdrawalListQuery,
  type WithdrawalQuote,
  type WithdrawalStatus,
  type WithdrawalTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { writeAudit, type Actor } from '../audit/service';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { badRequest, conflict, notFound, unprocessable } from '../shared/errors';
import { containsPattern, orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';
import { CODE_MESSAGES, consumeCode, isTwoFactorEnabled } from '../two-factor/service';
import { checkWithdrawalAddress } from './address-rules';
import { platformAddresses, type PlatformAddresses } from './platform';

const HOUR_MS = 3_600_000;

export interface WithdrawalRow {
  id: number;
  user_id: number;
  username: string;
  full_name: string;
  amount: string;
  fee: string;
  address: string;
  status: WithdrawalStatus;
  reason: string | null;
  tx_hash: string | null;
  block_number: string | null;
  created_at: Date;
  decided_at: Date | null;
  paid_at: Date | null;
}

interface AddressRow {
  id: number;
  address: string;
  label: string | null;
  usable_from: Date;
  created_at: Date;
  removed_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const WITHDRAWAL_SELECT = `SELECT w.id, w.user_id, u.username, u.full_name, w.amount, w.fee, w.address, w.status, w.reason,
        w.tx_hash, w.block_number::text AS block_number, w.created_at, w.decided_at, w.paid_at
   FROM withdrawals w JOIN users u ON u.id = w.user_id`;

/** The fee for an amount: the percentage, at least the floor, in whole token units (rounded up). */
export function withdrawalFee(amount: bigint, settings: Settings, tokenDecimals: number): bigint {
  const percent = feeFor(amount, settings.withdrawalFeePercent);
  const floor = toBaseUnits(settings.withdrawalFeeMinimum);
  const fee = percent > floor ? percent : floor;
  const step = 10n ** BigInt(DECIMALS - tokenDecimals);
  return ((fee + step - 1n) / step) * step;
}

/**
 * Withdrawals from the income wallet to a BEP20 address (PRODUCT.md §7):
 * the request (two-factor code, saved address past its hold, minimum, fee,
 * one pending at a time), the amount held in "withdrawals in flight" at
 * once, the admin's approval (which queues the payout) or rejection (which
 * refunds), and the whitelist of addresses.
 */
export function createWithdrawalService(ctx: AppContext, options: { explorerTx?: (hash: string) => string | null } = {}) {
  const { db } = ctx;
  const explorerTx = options.explorerTx ?? (() => null);

  function toWithdrawal(row: WithdrawalRow): Withdrawal {
    const amount = BigInt(row.amount);
    const fee = BigInt(row.fee);
    return {
      id: row.id,
      member: { id: row.user_id, username: row.username, fullName: row.full_name },
      amount: fromBaseUnits(amount),
      fee: fromBaseUnits(fee),
      net: fromBaseUnits(amount - fee),
      address: row.address,
      status: row.status,
      reason: row.reason,
      txHash: row.tx_hash,
      blockNumber: row.block_number,
      explorerUrl: row.tx_hash ? explorerTx(row.tx_hash) : null,
      createdAt: new Date(row.created_at).toISOString(),
      decidedAt: iso(row.decided_at),
      paidAt: iso(row.paid_at),
    };
  }

  function toAddress(row: AddressRow): WithdrawalAddress {
    return {
      id: row.id,
      address: row.address,
      label: row.label,
      usableFrom: new Date(row.usable_from).toISOString(),
      usable: !row.removed_at && new Date(row.usable_from).getTime() <= ctx.now().getTime(),
      createdAt: new Date(row.created_at).toISOString(),
      removedAt: iso(row.removed_at),
    };
  }

  async function checkAddress(sql: Sql, platform: PlatformAddresses, input: string, field = 'address') {
    const address = checkWithdrawalAddress(input, platform, field);
    if (await platform.isDepositAddress(sql, address)) {
      throw unprocessable('ADDRESS_IS_PLATFORM', 'Address is a deposit address of this portal, not an outside wallet. Use your own wallet address.', field);
    }
    return address;
  }

  function checkAmount(amount: bigint, settings: Settings, platform: PlatformAddresses): bigint {
    const minimum = toBaseUnits(settings.withdrawalMinimum);
    if (amount < minimum) throw unprocessable('BELOW_MINIMUM', `The minimum withdrawal is ${fromBaseUnits(minimum)} USDT.`, 'amount');
    const step = 10n ** BigInt(DECIMALS - platform.tokenDecimals);
    if (amount % step !== 0n) {
      throw badRequest('AMOUNT_TOO_PRECISE', `Amount can have at most ${platform.tokenDecimals} decimals (the token's precision).`, 'amount');
    }
    const fee = withdrawalFee(amount, settings, platform.tokenDecimals);
    if (fee >= amount) throw unprocessable('AMOUNT_TOO_SMALL', `The fee of ${fromBaseUnits(fee)} USDT would take the whole amount.`, 'amount');
    return fee;
  }

  async function mailMember(userId: number, subject: string, lines: string[]) {
    const { rows } = await db.query<{ email: string; full_name: string }>('SELECT email, full_name FROM users WHERE id = $1', [userId]);
    if (!rows[0]) return;
    try {
      await ctx.mailer.send({ to: rows[0].email, subject, text: [`Hello ${rows[0].full_name},`, '', ...lines].join('\n') });
    } catch (error) {
      ctx.log.warn({ err: error, userId }, 'withdrawal address mail not sent');
    }
  }

  /** Saves an address for the member (idempotent for a live one); the hold starts now. */
  async function saveAddress(userId: number, address: string, label: string | null, holdHours: number): Promise<{ row: AddressRow; created: boolean }> {
    const saved = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM members WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
      const live = await tx.query<AddressRow>(
        'SELECT id, address, label, usable_from, created_at, removed_at FROM withdrawal_addresses WHERE user_id = $1 AND lower(address) = lower($2) AND removed_at IS NULL',
        [userId, address],
      );
      if (live.rows[0]) return { row: live.rows[0], created: false };
      const now = ctx.now();
      const { rows } = await tx.query<AddressRow>(
        `INSERT INTO withdrawal_addresses (user_id, address, label, usable_from, created_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, address, label, usable_from, created_at, removed_at`,
        [userId, address, label, new Date(now.getTime() + holdHours * HOUR_MS), now],
      );
      return { row: rows[0]!, created: true };
    });
    if (saved.created) {
      const usable = toAddress(saved.row);
      await mailMember(userId, 'A withdrawal address was saved to your account', [
        `The withdrawal address ${address} was saved to your account.`,
        holdHours > 0 ? `For your safety it can be used from ${usable.usableFrom} (UTC), ${holdHours} hours from now.` : 'It can be used at once.',
        '',
        'If this was not you, sign in, remove the address under Account settings, change your password and contact support.',
      ]);
    }
    return saved;
  }

  const holdMessage = (usableFrom: string) =>
    `This address is new to your account: for your safety it can be used from ${usableFrom.replace('T', ' ').slice(0, 16)} UTC. We sent you a mail about it.`;

  return {
    toWithdrawal,

    async terms(memberId: number): Promise<WithdrawalTerms> {
      const [settings, platform, enabled, balance] = await Promise.all([
        readSettings(db),
        platformAddresses(ctx),
        isTwoFactorEnabled(db, memberId),
        db.query<{ balance: string }>(`SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND wallet = 'income'`, [memberId]),
      ]);
      return {
        minimum: fromBaseUnits(toBaseUnits(settings.withdrawalMinimum)),
        feePercent: settings.withdrawalFeePercent,
        feeMinimum: fromBaseUnits(toBaseUnits(settings.withdrawalFeeMinimum)),
        requiresTwoFactor: settings.withdrawalRequiresTwoFactor,
        twoFactorEnabled: enabled,
        onePending: settings.withdrawalOnePending,
        holdHours: Number(settings.withdrawalAddressHoldHours),
        tokenDecimals: platform.tokenDecimals,
        balance: fromBaseUnits(BigInt(balance.rows[0]?.balance ?? '0')),
      };
    },

    async quote(memberId: number, amountText: string): Promise<WithdrawalQuote> {
      const [settings, platform] = await Promise.all([readSettings(db), platformAddresses(ctx)]);
      const amount = toBaseUnits(amountText);
      const fee = checkAmount(amount, settings, platform);
      await assertCanSpend(db, { member: memberId, wallet: 'income' }, amount);
      return { amount: fromBaseUnits(amount), fee: fromBaseUnits(fee), net: fromBaseUnits(amount - fee) };
    },

    async request(memberId: number, body: WithdrawalBody, idempotencyKey?: string): Promise<IdempotentAnswer<Withdrawal>> {
      const platform = await platformAddresses(ctx);
      const settings = await readSettings(db);
      const address = await checkAddress(db, platform, body.address);
      const amount = toBaseUnits(body.amount);
      checkAmount(amount, settings, platform);
      const request = { amount: fromBaseUnits(amount), address };

      const twoFactor = await isTwoFactorEnabled(db, memberId);
      if (!twoFactor && settings.withdrawalRequiresTwoFactor) {
        throw unprocessable(
          'TWO_FACTOR_REQUIRED',
          'Withdrawals need two-factor sign-in. Turn it on under Account settings → Security (scan the QR code with an authenticator app), then ask again.',
          'totpCode',
        );
      }
      if (twoFactor && !body.totpCode) {
        throw unprocessable('TOTP_REQUIRED', 'Enter the current 6-digit code from your authenticator app to sign off this withdrawal.', 'totpCode');
      }

      // An address not saved before is saved now (committed whatever follows) and waits out its hold.
      const holdHours = Number(settings.withdrawalAddressHoldHours);
      const { row } = await saveAddress(memberId, address, null, holdHours);
      const saved = toAddress(row);
      if (!saved.usable) throw unprocessable('ADDRESS_ON_HOLD', holdMessage(saved.usableFrom), 'address');

      return runIdempotent(db, { userId: memberId, operation: 'withdrawal', key: idempotencyKey, request }, async (tx) => {
        // One request of a member at a time: the one-pending rule holds whatever the concurrency.
        await tx.query('SELECT 1 FROM members WHERE user_id = $1 FOR NO KEY UPDATE', [memberId]);
        const current = await readSettings(tx);
        const fee = checkAmount(amount, current, platform);
        if (twoFactor) {
          const check = await consumeCode(ctx, tx, memberId, body.totpCode!);
          if (check !== 'ok') {
            throw unprocessable(check === 'reused' ? 'TOTP_REUSED' : 'TOTP_INVALID', CODE_MESSAGES[check === 'reused' ? 'reused' : 'invalid'], 'totpCode');
          }
        }
        if (current.withdrawalOnePending) {
          const pending = await tx.query(`SELECT 1 FROM withdrawals WHERE user_id = $1 AND status = 'pending' LIMIT 1`, [memberId]);
          if (pending.rows.length > 0) {
            throw conflict('WITHDRAWAL_PENDING', 'You already have a withdrawal waiting for approval. Ask again once it is decided.', 'amount');
          }
        }
        const entry = await postEntry(tx, {
          type: 'withdrawal',
          memo: `Withdrawal of ${fromBaseUnits(amount)} USDT to ${address} (fee ${fromBaseUnits(fee)} USDT)`,
          actorId: memberId,
          refs: { address },
          lines: [
            { account: { member: memberId, wallet: 'income' }, amount: -amount },
            { account: { system: 'withdrawals_in_flight' }, amount },
          ],
        });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO withdrawals (user_id, amount, fee, address, status, entry_id, created_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6) RETURNING id`,
          [memberId, amount.toString(), fee.toString(), address, entry.id, entry.createdAt],
        );
        const created = await tx.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE w.id = $1`, [rows[0]!.id]);
        return { status: 201, body: toWithdrawal(created.rows[0]!) };
      });
    },

    async list(query: WithdrawalListQuery | AdminWithdrawalListQuery, window: { limit: number; offset: number }, memberId?: number) {
      const filter = new SqlFilter();
      if (memberId !== undefined) filter.where(`w.user_id = ${filter.param(memberId)}`);
      if (query.status) filter.where(`w.status = ${filter.param(query.status)}`);
      if ('search' in query && query.search) {
        const pattern = filter.param(containsPattern(query.search));
        filter.where(`(u.username ILIKE ${pattern} OR w.address ILIKE ${pattern} OR w.tx_hash ILIKE ${pattern})`);
      }
      whereDays(filter, 'w.created_at', query.from, query.to);
      const countParams = [...filter.params];
      const [count, page] = await Promise.all([
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM withdrawals w JOIN users u ON u.id = w.user_id ${filter.sql}`, countParams),
        db.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} ${filter.sql} ${orderBy(query.sort, { createdAt: 'w.id', amount: 'w.amount' }, 'w.id')} ${pageClause(filter, window)}`, filter.params),
      ]);
      return { items: page.rows.map(toWithdrawal), total: count.rows[0]!.total };
    },

    // ---- the whitelist ------------------------------------------------------

    async addresses(memberId: number, includeRemoved = false): Promise<WithdrawalAddressList> {
      const settings = await readSettings(db);
      const { rows } = await db.query<AddressRow>(
        `SELECT id, address, label, usable_from, created_at, removed_at FROM withdrawal_addresses
          WHERE user_id = $1 ${includeRemoved ? '' : 'AND removed_at IS NULL'} ORDER BY id DESC`,
        [memberId],
      );
      return { items: rows.map(toAddress), holdHours: Number(settings.withdrawalAddressHoldHours) };
    },

    async addAddress(memberId: number, input: string, label?: string): Promise<WithdrawalAddress> {
      const platform = await platformAddresses(ctx);
      const address = await checkAddress(db, platform, input);
      const settings = await readSettings(db);
      const { row, created } = await saveAddress(memberId, address, label?.trim() || null, Number(settings.withdrawalAddressHoldHours));
      if (!created) throw conflict('ADDRESS_ALREADY_SAVED', 'This address is already saved to your account.', 'address');
      return toAddress(row);
    },

    async removeAddress(memberId: number, id: number): Promise<void> {
      const { rows } = await db.query<{ address: string }>(
        'UPDATE withdrawal_addresses SET removed_at = $3 WHERE id = $1 AND user_id = $2 AND removed_at IS NULL RETURNING address',
        [id, memberId, ctx.now()],
      );
      if (!rows[0]) throw notFound('ADDRESS_NOT_FOUND', 'This address is not saved to your account.');
      await mailMember(memberId, 'A withdrawal address was removed from your account', [
        `The withdrawal address ${rows[0].address} was removed from your account.`,
        '',
        'If this was not you, sign in, change your password and contact support.',
      ]);
    },

    // ---- the admin's decisions ----------------------------------------------

    /**
     * Approves pending withdrawals, all in one transaction: each becomes
     * `approved` and gets a queued payout (`queuePayouts`, run by the
     * payout job). Those no longer pending are skipped with the reason.
     */
    async approve(actor: Actor, ids: number[], queuePayouts: (tx: Sql, withdrawalIds: number[]) => Promise<void>): Promise<BulkResult> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `UPDATE withdrawals SET status = 'approved', decided_by = $2, decided_at = $3
            WHERE id = ANY($1::bigint[]) AND status = 'pending' RETURNING id`,
          [ids, actor.userId, ctx.now()],
        );
        const done = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
        if (done.length > 0) {
          await queuePayouts(tx, done);
          await tx.query(
            `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
             SELECT $1, 'withdrawal.approve', 'withdrawal', id::text, '{}'::jsonb, $3 FROM unnest($2::bigint[]) AS id`,
            [actor.userId, done, actor.ip],
          );
        }
        return { done, skipped: await skippedOf(tx, ids, done) };
      });
    },

    /** Rejects pending withdrawals with a reason; each is refunded to the income wallet in one journal entry. */
    async reject(actor: Actor, ids: number[], reason: string): Promise<BulkResult> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; user_id: number; amount: string }>(
          `SELECT id, user_id, amount FROM withdrawals WHERE id = ANY($1::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE`,
          [ids],
        );
        for (const row of rows) {
          const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} rejected: ${reason}`);
          await tx.query(`UPDATE withdrawals SET status = 'rejected', reason = $2, decided_by = $3, decided_at = $4, settle_entry_id = $5 WHERE id = $1`, [
            row.id,
            reason,
            actor.userId,
            ctx.now(),
            entry,
          ]);
          await writeAudit(tx, { actor, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: row.id, details: { reason } });
        }
        const done = rows.map((row) => Number(row.id));
        return { done, skipped: await skippedOf(tx, ids, done) };
      });
    },

    /** A failed payout given back: the whole amount to the income wallet in one entry. */
    async refundFailed(actor: Actor, id: number, canRefund: (tx: Sql, withdrawalId: number) => Promise<string | null>): Promise<Withdrawal> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; user_id: number; amount: string; status: string; reason: string | null }>(
          'SELECT id, user_id, amount, status, reason FROM withdrawals WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = rows[0];
        if (!row) throw notFound('WITHDRAWAL_NOT_FOUND', 'There is no such withdrawal.');
        if (row.status !== 'failed') throw conflict('WITHDRAWAL_NOT_FAILED', `Only a failed payout can be refunded; this withdrawal is ${row.status}.`);
        const refusal = await canRefund(tx, id);
        if (refusal) throw conflict('PAYOUT_MAY_STILL_LAND', refusal);
        const entry = await refundEntry(tx, actor, row, `Withdrawal #${row.id} refunded after a failed payout`);
        await tx.query(`UPDATE withdrawals SET status = 'refunded', settle_entry_id = $2 WHERE id = $1`, [id, entry]);
        await writeAudit(tx, { actor, action: 'withdrawal.refund', targetType: 'withdrawal', targetId: id, details: { failure: row.reason } });
        const answer = await tx.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE w.id = $1`, [id]);
        return toWithdrawal(answer.rows[0]!);
      });
    },

    async get(id: number): Promise<Withdrawal> {
      const { rows } = await db.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE w.id = $1`, [id]);
      if (!rows[0]) throw notFound('WITHDRAWAL_NOT_FOUND', 'There is no such withdrawal.');
      return toWithdrawal(rows[0]);
    },

    /** The member's latest wallet movements, beside a pending request on the approval page. */
    async recentActivity(withdrawalId: number) {
      const { rows } = await db.query<{ type: string; memo: string; amount: string; created_at: Date }>(
        `SELECT e.type, e.memo, p.amount, e.created_at
           FROM withdrawals w
           JOIN ledger_accounts a ON a.owner_id = w.user_id
           JOIN postings p ON p.account_id = a.id
           JOIN journal_entries e ON e.id = p.entry_id
          WHERE w.id = $1
          ORDER BY p.id DESC LIMIT 10`,
        [withdrawalId],
      );
      return {
        items: rows.map((row) => ({ type: row.type, description: row.memo, amount: fromBaseUnits(BigInt(row.amount)), createdAt: new Date(row.created_at).toISOString() })),
      };
    },
  };

  async function refundEntry(tx: Sql, actor: Actor, row: { id: number; user_id: number; amount: string }, memo: string): Promise<number> {
    const amount = BigInt(row.amount);
    const entry = await postEntry(tx, {
      type: 'withdrawal_refund',
      memo,
      actorId: actor.userId,
      refs: { withdrawalId: row.id },
      lines: [
        { account: { system: 'withdrawals_in_flight' }, amount: -amount },
        { account: { member: row.user_id, wallet: 'income' }, amount },
      ],
    });
    return entry.id;
  }

  async function skippedOf(tx: Sql, ids: number[], done: number[]) {
    const rest = [...new Set(ids)].filter((id) => !done.includes(id));
    if (rest.length === 0) return [];
    const { rows } = await tx.query<{ id: number; status: string }>('SELECT id, status FROM withdrawals WHERE id = ANY($1::bigint[])', [rest]);
    const status = new Map(rows.map((row) => [Number(row.id), row.status]));
    return rest.map((id) => ({ id, message: status.has(id) ? `Withdrawal #${id} is ${status.get(id)}, not pending.` : `There is no withdrawal #${id}.` }));
  }
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
