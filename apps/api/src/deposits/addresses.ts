import type { Address } from 'viem';
import type { Chain } from '../platform/chain';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

export interface DepositAddressRow {
  member_id: number;
  address_index: number;
  address: string;
}

/**
 * The member's deposit address, derived on first use (sign-up never waits
 * for it) at the next free index of m/44'/60'/0'/0/<index>; kept, so it
 * never changes. Two concurrent first uses agree on one row.
 */
export async function ensureDepositAddress(
  db: Sql,
  chain: Chain,
  memberId: number,
): Promise<{ index: number; address: Address }> {
  const existing = await addressOf(db, memberId);
  if (existing) return { index: existing.address_index, address: chain.depositAddress(existing.address_index) };
  const { rows } = await db.query<{ index: number }>(sql`SELECT nextval('deposit_address_index_seq')::int AS index`);
  const index = rows[0]!.index;
  const address = chain.depositAddress(index);
  await db.query(
    sql`INSERT INTO deposit_addresses (member_id, address_index, address) VALUES (${memberId}, ${index}, ${address.toLowerCase()}) ON CONFLICT (member_id) DO NOTHING`,
  );
  const row = (await addressOf(db, memberId))!;
  return { index: row.address_index, address: chain.depositAddress(row.address_index) };
}

async function addressOf(db: Sql, memberId: number): Promise<DepositAddressRow | undefined> {
  const { rows } = await db.query<DepositAddressRow>(
    sql`SELECT member_id, address_index, address FROM deposit_addresses WHERE member_id = ${memberId}`,
  );
  return rows[0];
}

/** Members owning any of `addresses` (lower-case), by one indexed lookup per chunk. */
export async function matchDepositAddresses(
  db: Sql,
  addresses: string[],
  chunk = 10_000,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < addresses.length; i += chunk) {
    const { rows } = await db.query<{ member_id: number; address: string }>(
      sql`SELECT member_id, address FROM deposit_addresses WHERE address = ANY(${addresses.slice(i, i + chunk)}::text[])`,
    );
    for (const row of rows) found.set(row.address, Number(row.member_id));
  }
  return found;
}
