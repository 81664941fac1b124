import { fromBaseUnits, type Product } from '@portal/contract';
import type { CatalogueKind } from '../catalogue/write';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { imageUrls } from './images';

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price: string;
  stock: number;
  active: boolean;
  image_hash: string | null;
  image_format: string | null;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = sql`id, name, description, price::text AS price, stock, active, image_hash, image_format, created_at, updated_at`;

export function toProduct(row: ProductRow): Product {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    price: fromBaseUnits(BigInt(row.price)),
    stock: Number(row.stock),
    active: row.active,
    ...imageUrls(row.image_hash, row.image_format),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export const PRODUCT: CatalogueKind = { kind: 'product', nameTaken: 'PRODUCT_NAME_TAKEN' };
const unknownProduct = () => notFound('PRODUCT_NOT_FOUND', 'No product has this id.');

/** The product's row, locked for the caller's write; 404 when there is none. */
export async function lockProduct(tx: Sql, id: number): Promise<ProductRow> {
  const row = (await tx.query<ProductRow>(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ${id} FOR UPDATE`))
    .rows[0];
  if (!row) throw unknownProduct();
  return row;
}

/** The product as answered; 404 when there is none. */
export async function productOf(db: Sql, id: number): Promise<Product> {
  const row = (await db.query<ProductRow>(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ${id}`)).rows[0];
  if (!row) throw unknownProduct();
  return toProduct(row);
}
