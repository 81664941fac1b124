import { toBaseUnits, type Package, type PackagePatch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { auditChanged, writeNamedRow } from '../catalogue/write';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { PACKAGE, PACKAGE_COLUMNS, toPackage, type PackageRow } from './rows';

export async function updatePackage(ctx: AppContext, actor: Actor, id: number, patch: PackagePatch): Promise<Package> {
  return ctx.db.transaction(async (tx) => {
    const before = (
      await tx.query<PackageRow>(sql`SELECT ${PACKAGE_COLUMNS} FROM packages WHERE id = ${id} FOR UPDATE`)
    ).rows[0];
    if (!before) throw notFound('PACKAGE_NOT_FOUND', 'No package has this id.');
    const next = {
      name: patch.name ?? before.name,
      price: patch.price !== undefined ? toBaseUnits(patch.price).toString() : before.price,
      bv: patch.bv ?? before.bv,
      dailyCap: patch.dailyCap !== undefined ? toBaseUnits(patch.dailyCap).toString() : before.daily_cap,
      active: patch.active ?? before.active,
    };
    const row = await writeNamedRow<PackageRow>(
      tx,
      PACKAGE,
      next.name,
      sql`UPDATE packages SET name = ${next.name}, price = ${next.price}, bv = ${next.bv}, daily_cap = ${next.dailyCap}, active = ${next.active}, updated_at = now()
            WHERE id = ${id} RETURNING ${PACKAGE_COLUMNS}`,
    );
    const to = toPackage(row);
    await auditChanged(tx, actor, PACKAGE, toPackage(before), to, ['name', 'price', 'bv', 'dailyCap', 'active']);
    return to;
  });
}
