import { fromBaseUnits, toBaseUnits, type Package, type PackageCreate, type PackagePatch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/service';
import { notFound } from '../shared/errors';
import { auditChanged, auditCreated, writeNamedRow, type CatalogueKind } from '../catalogue/write';
import { sql } from '../db/sql';
import { bvText } from '../shared/bv';

export interface PackageRow {
  id: number;
  name: string;
  price: string;
  bv: string;
  daily_cap: string;
  active: boolean;
}

export const PACKAGE_COLUMNS = sql`id, name, price::text AS price, bv::text AS bv, daily_cap::text AS daily_cap, active`;

export function toPackage(row: PackageRow): Package {
  return {
    id: row.id,
    name: row.name,
    price: fromBaseUnits(BigInt(row.price)),
    bv: bvText(row.bv),
    dailyCap: fromBaseUnits(BigInt(row.daily_cap)),
    active: row.active,
  };
}

const PACKAGE: CatalogueKind = { kind: 'package', nameTaken: 'PACKAGE_NAME_TAKEN' };

/** The package catalogue (PRODUCT.md §4): members see the active ones, admins manage all. */

export async function listPackages(ctx: AppContext, onlyActive: boolean): Promise<Package[]> {
  const { db } = ctx;
  const { rows } = await db.query<PackageRow>(
    sql`SELECT ${PACKAGE_COLUMNS} FROM packages ${onlyActive ? sql`WHERE active` : sql.empty} ORDER BY packages.price, packages.id`,
  );
  return rows.map(toPackage);
}

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
