import type { Package } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { PACKAGE_COLUMNS, toPackage, type PackageRow } from './rows';

/** The package catalogue (PRODUCT.md §4): members see the active ones, admins manage all. */
export async function listPackages(ctx: AppContext, onlyActive: boolean): Promise<Package[]> {
  const { db } = ctx;
  const { rows } = await db.query<PackageRow>(
    sql`SELECT ${PACKAGE_COLUMNS} FROM packages ${onlyActive ? sql`WHERE active` : sql.empty} ORDER BY packages.price, packages.id`,
  );
  return rows.map(toPackage);
}
