import { fromBaseUnits, toBaseUnits, type Package, type PackageCreate, type PackagePatch } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/service';
import { conflict, isUniqueViolation, notFound } from '../shared/errors';
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

const duplicateName = (name: string) =>
  conflict('PACKAGE_NAME_TAKEN', `A package named "${name}" already exists.`, 'name');

/** The package catalogue (PRODUCT.md §4): members see the active ones, admins manage all. */

export async function listPackages(ctx: AppContext, onlyActive: boolean): Promise<Package[]> {
  const { db } = ctx;
  const { rows } = await db.query<PackageRow>(
    sql`SELECT ${PACKAGE_COLUMNS} FROM packages ${onlyActive ? sql`WHERE active` : sql.empty} ORDER BY packages.price, packages.id`,
  );
  return rows.map(toPackage);
}

export async function createPackage(ctx: AppContext, actor: Actor, body: PackageCreate): Promise<Package> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    let row: PackageRow;
    try {
      row = (
        await tx.query<PackageRow>(
          sql`INSERT INTO packages (name, price, bv, daily_cap, active) VALUES (${body.name}, ${toBaseUnits(body.price).toString()}, ${body.bv}, ${toBaseUnits(body.dailyCap).toString()}, ${body.active}) RETURNING ${PACKAGE_COLUMNS}`,
        )
      ).rows[0]!;
    } catch (error) {
      if (isUniqueViolation(error, 'packages_name_key')) throw duplicateName(body.name);
      throw error;
    }
    const created = toPackage(row);
    await writeAudit(tx, {
      actor,
      action: 'package.create',
      targetType: 'package',
      targetId: row.id,
      details: { package: created },
    });
    return created;
  });
}

export async function updatePackage(ctx: AppContext, actor: Actor, id: number, patch: PackagePatch): Promise<Package> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
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
    let row: PackageRow;
    try {
      row = (
        await tx.query<PackageRow>(
          sql`UPDATE packages SET name = ${next.name}, price = ${next.price}, bv = ${next.bv}, daily_cap = ${next.dailyCap}, active = ${next.active}, updated_at = now()
            WHERE id = ${id} RETURNING ${PACKAGE_COLUMNS}`,
        )
      ).rows[0]!;
    } catch (error) {
      if (isUniqueViolation(error, 'packages_name_key')) throw duplicateName(next.name);
      throw error;
    }
    const from = toPackage(before);
    const to = toPackage(row);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(to) as Array<keyof Package>) {
      if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
    }
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, {
        actor,
        action: 'package.update',
        targetType: 'package',
        targetId: id,
        details: { changes },
      });
    }
    return to;
  });
}
