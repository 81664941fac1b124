import type { WithdrawalAddress, WithdrawalAddressList } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { refuseListed } from '../screening/list';
import { readSettings } from '../settings/in-force';
import { conflict, notFound, unprocessable } from '../shared/errors';
import { checkWithdrawalAddress } from './address-rules';
import { platformAddresses, type PlatformAddresses } from './platform';
import { recordSecurityEvent } from '../users/security-events';
import { iso } from './rows';

/**
 * The member's whitelist of withdrawal addresses: a new address waits out a
 * hold before it can be used, and the member is told by mail of every
 * address saved or removed.
 */

const HOUR_MS = 3_600_000;

interface AddressRow {
  id: number;
  address: string;
  label: string | null;
  usable_from: Date;
  created_at: Date;
  removed_at: Date | null;
}

/**
 * An address's columns with the hold in force: a hold shortened by an admin
 * applies to the addresses already waiting (counted from when each was
 * saved); a longer one only to addresses saved after it.
 */
const addressColumns = (holdHours: number) =>
  sql`id, address, label, LEAST(usable_from, created_at + ${holdHours}::float8 * interval '1 hour') AS usable_from, created_at, removed_at`;

export function toAddress(ctx: AppContext, row: AddressRow): WithdrawalAddress {
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

/** The address in its checksummed form, refused when it is no outside wallet or is on the screening list. */
export async function checkAddress(db: Sql, platform: PlatformAddresses, input: string, field = 'address') {
  const address = checkWithdrawalAddress(input, platform, field);
  if (await platform.isDepositAddress(db, address)) {
    throw unprocessable(
      'ADDRESS_IS_PLATFORM',
      'Address is a deposit address of this portal, not an outside wallet. Use your own wallet address.',
      field,
    );
  }
  await refuseListed(db, address, field);
  return address;
}

async function mailMember(ctx: AppContext, userId: number, subject: string, lines: string[]) {
  const { rows } = await ctx.db.query<{ email: string; full_name: string }>(
    sql`SELECT email, full_name FROM users WHERE id = ${userId}`,
  );
  if (!rows[0]) return;
  try {
    await ctx.mailer.send({
      to: rows[0].email,
      subject,
      text: [`Hello ${rows[0].full_name},`, '', ...lines].join('\n'),
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'withdrawal address mail not sent');
  }
}

/** Saves an address for the member (idempotent for a live one); the hold starts now. */
export async function saveAddress(
  ctx: AppContext,
  userId: number,
  address: string,
  label: string | null,
  holdHours: number,
  sessionId: string | null,
): Promise<{ address: WithdrawalAddress; created: boolean }> {
  const saved = await ctx.db.transaction(async (tx) => {
    await tx.query(sql`SELECT 1 FROM members WHERE user_id = ${userId} FOR NO KEY UPDATE`);
    const live = await tx.query<AddressRow>(
      sql`SELECT ${addressColumns(holdHours)} FROM withdrawal_addresses WHERE user_id = ${userId} AND lower(address) = lower(${address}) AND removed_at IS NULL`,
    );
    if (live.rows[0]) return { row: live.rows[0], created: false };
    const now = ctx.now();
    const { rows } = await tx.query<AddressRow>(
      sql`INSERT INTO withdrawal_addresses (user_id, address, label, usable_from, created_at)
          VALUES (${userId}, ${address}, ${label}, ${new Date(now.getTime() + holdHours * HOUR_MS)}, ${now})
          RETURNING ${addressColumns(holdHours)}`,
    );
    await recordSecurityEvent(tx, userId, 'withdrawal_address_added', sessionId);
    return { row: rows[0]!, created: true };
  });
  const usable = toAddress(ctx, saved.row);
  if (saved.created) {
    await mailMember(ctx, userId, 'A withdrawal address was saved to your account', [
      `The withdrawal address ${address} was saved to your account.`,
      holdHours > 0
        ? `For your safety it can be used from ${usable.usableFrom} (UTC), ${holdHours} hours from now.`
        : 'It can be used at once.',
      '',
      'If this was not you, sign in, remove the address under Account settings, change your password and contact support.',
    ]);
  }
  return { address: usable, created: saved.created };
}

export const holdMessage = (usableFrom: string) =>
  `This address is new to your account: for your safety it can be used from ${usableFrom.replace('T', ' ').slice(0, 16)} UTC. We sent you a mail about it.`;

/** The member's saved addresses (`includeRemoved`: the history, for admins). */
export async function withdrawalAddresses(
  ctx: AppContext,
  memberId: number,
  includeRemoved = false,
): Promise<WithdrawalAddressList> {
  const { db } = ctx;
  const settings = await readSettings(db);
  const { rows } = await db.query<AddressRow>(
    sql`SELECT ${addressColumns(Number(settings.withdrawalAddressHoldHours))} FROM withdrawal_addresses
         WHERE user_id = ${memberId} ${includeRemoved ? sql.empty : sql`AND removed_at IS NULL`} ORDER BY id DESC`,
  );
  return { items: rows.map((row) => toAddress(ctx, row)), holdHours: Number(settings.withdrawalAddressHoldHours) };
}

export async function addWithdrawalAddress(
  ctx: AppContext,
  memberId: number,
  input: string,
  label: string | undefined,
  sessionId: string | null,
): Promise<WithdrawalAddress> {
  const { db } = ctx;
  const platform = await platformAddresses(ctx);
  const address = await checkAddress(db, platform, input);
  const settings = await readSettings(db);
  const saved = await saveAddress(
    ctx,
    memberId,
    address,
    label?.trim() || null,
    Number(settings.withdrawalAddressHoldHours),
    sessionId,
  );
  if (!saved.created)
    throw conflict('ADDRESS_ALREADY_SAVED', 'This address is already saved to your account.', 'address');
  return saved.address;
}

export async function removeWithdrawalAddress(
  ctx: AppContext,
  memberId: number,
  id: number,
  sessionId: string | null,
): Promise<void> {
  const rows = await ctx.db.transaction(async (tx) => {
    const removed = await tx.query<{ address: string }>(
      sql`UPDATE withdrawal_addresses SET removed_at = ${ctx.now()} WHERE id = ${id} AND user_id = ${memberId} AND removed_at IS NULL RETURNING address`,
    );
    if (removed.rows[0]) await recordSecurityEvent(tx, memberId, 'withdrawal_address_removed', sessionId);
    return removed.rows;
  });
  if (!rows[0]) throw notFound('ADDRESS_NOT_FOUND', 'This address is not saved to your account.');
  await mailMember(ctx, memberId, 'A withdrawal address was removed from your account', [
    `The withdrawal address ${rows[0].address} was removed from your account.`,
    '',
    'If this was not you, sign in, change your password and contact support.',
  ]);
}
