import {
  feeFor,
  fromBaseUnits,
  toBaseUnits,
  type Receiver,
  type Transfer,
  type TransferBody,
  type TransferListQuery,
  type TransferQuote,
  type TransferTerms,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { assertCanSpend, postEntry } from '../ledger/post';
import { readSettings } from '../settings/service';
import { unprocessable } from '../shared/errors';
import { containsPattern, orderBy, pageClause, SqlFilter, whereDays } from '../shared/sql-filter';

interface Party {
  id: number;
  username: string;
  full_name: string;
}

/**
 * Deposit wallet to another member's deposit wallet (PRODUCT.md §8): by the
 * receiver's username, at least the minimum, the fee taken from the amount,
 * never to oneself, never to a blocked account.
 */
export function createTransferService(ctx: AppContext) {
  const { db } = ctx;

  /** The receiver, or the reason a transfer to them is refused. `lock` holds their status until commit. */
  async function findReceiver(sql: Sql, senderId: number, username: string, lock = false): Promise<Party> {
    const { rows } = await sql.query<Party & { status: string; is_member: boolean }>(
      `SELECT u.id, u.username, u.full_name, u.status, (m.user_id IS NOT NULL) AS is_member
         FROM users u LEFT JOIN members m ON m.user_id = u.id
        WHERE lower(u.username) = lower($1)
        ${lock ? 'FOR SHARE OF u' : ''}`,
      [username],
    );
    const receiver = rows[0];
    if (!receiver?.is_member) throw unprocessable('RECEIVER_NOT_FOUND', `No member has the username "${username}".`, 'toUsername');
    if (receiver.id === senderId) throw unprocessable('TRANSFER_TO_SELF', 'You cannot transfer to yourself.', 'toUsername');
    if (receiver.status !== 'active') {
      throw unprocessable('RECEIVER_BLOCKED', `The account of "${receiver.username}" is blocked and cannot receive transfers.`, 'toUsername');
    }
    return receiver;
  }

  /** Amount, fee and what arrives, under the settings in force; refuses what a transfer would refuse. */
  async function price(sql: Sql, amountText: string) {
    const settings = await readSettings(sql);
    const amount = toBaseUnits(amountText);
    const minimum = toBaseUnits(settings.transferMinimum);
    if (amount < minimum) {
      throw unprocessable('BELOW_MINIMUM', `The minimum transfer is ${fromBaseUnits(minimum)} USDT.`, 'amount');
    }
    const fee = feeFor(amount, settings.transferFeePercent);
    const received = amount - fee;
    if (received <= 0n) throw unprocessable('AMOUNT_TOO_SMALL', 'After the fee nothing would arrive. Send a larger amount.', 'amount');
    return { amount, fee, received, feePercent: settings.transferFeePercent };
  }

  return {
    async terms(): Promise<TransferTerms> {
      const settings = await readSettings(db);
      return { minimum: fromBaseUnits(toBaseUnits(settings.transferMinimum)), feePercent: settings.transferFeePercent };
    },

    async receiver(senderId: number, username: string): Promise<Receiver> {
      const receiver = await findReceiver(db, senderId, username);
      return { username: receiver.username, fullName: receiver.full_name };
    },

    /** Everything the confirmation dialog restates, checked as the transfer itself would be. */
    async quote(senderId: number, body: TransferBody): Promise<TransferQuote> {
      const receiver = await findReceiver(db, senderId, body.toUsername);
      const { amount, fee, received, feePercent } = await price(db, body.amount);
      await assertCanSpend(db, { member: senderId, wallet: 'deposit' }, amount);
      return {
        receiver: { username: receiver.username, fullName: receiver.full_name },
        amount: fromBaseUnits(amount),
        fee: fromBaseUnits(fee),
        feePercent,
        received: fromBaseUnits(received),
      };
    },

    async create(senderId: number, body: TransferBody, idempotencyKey?: string): Promise<IdempotentAnswer<Transfer>> {
      const request = { toUsername: body.toUsername.toLowerCase(), amount: fromBaseUnits(toBaseUnits(body.amount)) };
      return runIdempotent(db, { userId: senderId, operation: 'transfer', key: idempotencyKey, request }, async (tx) => {
        const receiver = await findReceiver(tx, senderId, body.toUsername, true);
        const { amount, fee, received } = await price(tx, body.amount);
        const sender = (await tx.query<Party>('SELECT id, username, full_name FROM users WHERE id = $1', [senderId])).rows[0]!;
        const entry = await postEntry(tx, {
          type: 'transfer',
          memo: `Transfer from ${sender.username} to ${receiver.username}`,
          actorId: senderId,
          refs: { from: sender.username, to: receiver.username },
          lines: [
            { account: { member: senderId, wallet: 'deposit' }, amount: -amount },
            { account: { member: receiver.id, wallet: 'deposit' }, amount: received },
            { account: { system: 'fees' }, amount: fee },
          ],
        });
        const { rows } = await tx.query<{ id: number; created_at: Date }>(
          `INSERT INTO transfers (entry_id, from_user_id, to_user_id, amount, fee, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
          [entry.id, senderId, receiver.id, amount.toString(), fee.toString(), entry.createdAt],
        );
        return {
          status: 201,
          body: {
            id: rows[0]!.id,
            entryId: entry.id,
            from: { id: sender.id, username: sender.username, fullName: sender.full_name },
            to: { id: receiver.id, username: receiver.username, fullName: receiver.full_name },
            amount: fromBaseUnits(amount),
            fee: fromBaseUnits(fee),
            received: fromBaseUnits(received),
            createdAt: new Date(rows[0]!.created_at).toISOString(),
          },
        };
      });
    },

    async list(memberId: number, query: TransferListQuery, window: { limit: number; offset: number }) {
      const filter = new SqlFilter();
      const mine = query.direction === 'sent' ? 't.from_user_id' : 't.to_user_id';
      const other = query.direction === 'sent' ? 'r' : 'f';
      filter.where(`${mine} = ${filter.param(memberId)}`);
      if (query.search) {
        const pattern = filter.param(containsPattern(query.search));
        filter.where(`(${other}.username ILIKE ${pattern} OR ${other}.full_name ILIKE ${pattern})`);
      }
      whereDays(filter, 't.created_at', query.from, query.to);
      const from = `transfers t JOIN users f ON f.id = t.from_user_id JOIN users r ON r.id = t.to_user_id ${filter.sql}`;
      const countParams = [...filter.params];
      const [count, page] = await Promise.all([
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, countParams),
        db.query<{
          id: number; entry_id: number; amount: string; fee: string; created_at: Date;
          f_id: number; f_username: string; f_full_name: string; r_id: number; r_username: string; r_full_name: string;
        }>(
          `SELECT t.id, t.entry_id, t.amount, t.fee, t.created_at,
                  f.id AS f_id, f.username AS f_username, f.full_name AS f_full_name,
                  r.id AS r_id, r.username AS r_username, r.full_name AS r_full_name
             FROM ${from}
            ${orderBy(query.sort, { createdAt: 't.id', amount: 't.amount' }, 't.id')} ${pageClause(filter, window)}`,
          filter.params,
        ),
      ]);
      const items: Transfer[] = page.rows.map((row) => ({
        id: row.id,
        entryId: row.entry_id,
        from: { id: row.f_id, username: row.f_username, fullName: row.f_full_name },
        to: { id: row.r_id, username: row.r_username, fullName: row.r_full_name },
        amount: fromBaseUnits(BigInt(row.amount)),
        fee: fromBaseUnits(BigInt(row.fee)),
        received: fromBaseUnits(BigInt(row.amount) - BigInt(row.fee)),
        createdAt: new Date(row.created_at).toISOString(),
      }));
      return { items, total: count.rows[0]!.total };
    },
  };
}
