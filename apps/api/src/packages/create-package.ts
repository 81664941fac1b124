import { toBaseUnits, type Package, type PackageCreate } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { auditCreated, writeNamedRow } from '../catalogue/write';
import { sql } from '../platform/db/sql';
import { PACKAGE, PACKAGE_COLUMNS, toPackage, type PackageRow } from './rows';

export async function createPackage(ctx: AppContext, actor: Actor, body: PackageCreate): Promise<Package> {
  return ctx.db.transaction(async (tx) => {
    const row = await writeNamedRow<PackageRow>(
      tx,
      PACKAGE,
      body.name,
      sql`INSERT INTO packages (name, price, bv, daily_cap, active) VALUES (${body.name}, ${toBaseUnits(body.price).toString()}, ${body.bv}, ${toBaseUnits(body.dailyCap).toString()}, ${body.active}) RETURNING ${PACKAGE_COLUMNS}`,
    );
    const created = toPackage(row);
    await auditCreated(tx, actor, PACKAGE, created);
    return created;
  });
}
