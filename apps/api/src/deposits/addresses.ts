import type { Address } from 'viem';
import type { Chain } from '../chain';
import type { Sql } from '../db/database';

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
export async function ensureDepositAddress(sql: Sql, chain: Chain, memberId: number): Promise<{ index: number; address: Address }> {
  const existing = await sql.query<DepositAddressRow>('SELECT member_id, address_index, address FROM deposit_addresses WHERE member_id = $1', [memberId]);
  if (existing.rows[0]) return { index: existing.rows[0].address_index, address: chain.depositAddress(existing.rows[0].address_index) };
  const { rows } = await sql.query<{ index: number }>(`SELECT nextval('deposit_address_index_seq')::int AS index`);
  const index = rows[0]!.index;
  const address = chain.depositAddress(index);
  await sql.query(
    `INSERT INTO deposit_addresses (member_id, address_index, address) VALUES ($1, $2, $3) ON CONFLICT (member_id) DO NOTHING`,
    [memberId, index, address.toLowerCase()],
  );
  const kept = await sql.query<DepositAddressRow>('SELECT member_id, address_index, address FROM deposit_addresses WHERE member_id = $1', [memberId]);
  const row = kept.rows[0]!;
  return { index: row.address_index, address: chain.depositAddress(row.address_index) };
}

/** Members owning any of `addresses` (lower-case), by one indexed lookup per chunk. */
export async function matchDepositAddresses(sql: Sql, addresses: string[], chunk = 10_000): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < addresses.length; i += chunk) {
    const { rows } = await sql.query<{ member_id: number; address: string }>(
      'SELECT member_id, address FROM deposit_addresses WHERE address = ANY($1::text[])',
      [addresses.slice(i, i + chunk)],
    );
    for (const row of rows) found.set(row.address, Number(row.member_id));
  }
  return found;
}
