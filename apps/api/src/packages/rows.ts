import { fromBaseUnits, type Package } from '@portal/contract';
import type { CatalogueKind } from '../catalogue/write';
import { sql } from '../platform/db/sql';
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

export const PACKAGE: CatalogueKind = { kind: 'package', nameTaken: 'PACKAGE_NAME_TAKEN' };
