import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { refusedSession } from '../shared/errors';
import { insufficientBalance } from '../ledger/post';
import { notFound, unprocessable } from '../shared/errors';

/** A purchase's refusal in words: a code of apps/api/sql/functions/plan_purchase_one.sql, or the session's. */
export async function purchaseRefusal(
  db: Sql,
  buyer: number,
  packageId: number,
  code: string,
  detail: string | null | undefined,
): Promise<Error> {
  switch (code) {
    case 'MEMBER_NOT_FOUND':
      return notFound('MEMBER_NOT_FOUND', 'Only network members can buy packages.');
    case 'PACKAGE_NOT_FOUND':
      return notFound('PACKAGE_NOT_FOUND', 'No package has this id.');
    case 'PACKAGE_INACTIVE':
      return unprocessable(
        'PACKAGE_INACTIVE',
        `The ${detail} package is no longer on sale. Choose another package.`,
        'packageId',
      );
    case 'INSUFFICIENT_BALANCE':
      return insufficientBalance(
        { member: buyer, wallet: 'deposit' },
        BigInt(detail ?? '0'),
        await packagePrice(db, packageId),
      );
    default:
      return refusedSession(code) ?? new Error(`plan_purchases refused with ${code}`);
  }
}

async function packagePrice(db: Sql, packageId: number): Promise<bigint> {
  const { rows } = await db.query<{ price: string }>(
    sql`SELECT price::text AS price FROM packages WHERE id = ${packageId}`,
  );
  return BigInt(rows[0]?.price ?? '0');
}
