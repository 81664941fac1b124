import {
  fromBaseUnits,
  toBaseUnits,
  type Product,
  type ProductAdminListQuery,
  type ProductCreate,
  type ProductListQuery,
  type ProductPatch,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import { writeAudit, type Actor } from '../audit/service';
import type { CsvColumn } from '../shared/csv';
import { notFound } from '../shared/errors';
import { auditChanged, auditCreated, writeNamedRow, type CatalogueKind } from '../catalogue/write';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { containsPattern } from '../shared/sql-list';
import { imageUrls, storeProductImage } from './images';

interface ProductRow {
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

const PRODUCT_COLUMNS = sql`id, name, description, price::text AS price, stock, active, image_hash, image_format, created_at, updated_at`;

function toProduct(row: ProductRow): Product {
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

const SORTS = { name: 'lower(p.name)', price: 'p.price', stock: 'p.stock', createdAt: 'p.id' } as const;

const PRODUCT: CatalogueKind = { kind: 'product', nameTaken: 'PRODUCT_NAME_TAKEN' };
const unknownProduct = () => notFound('PRODUCT_NOT_FOUND', 'No product has this id.');

type ProductFilter = { search?: string; status?: 'active' | 'inactive'; sort: string };

const filterOf = (query: ProductFilter): ListFilter<ProductRow> => ({
  where: [
    query.status ? sql`p.active = ${query.status === 'active'}` : undefined,
    query.search
      ? sql`(p.name ILIKE ${containsPattern(query.search)} OR p.description ILIKE ${containsPattern(query.search)})`
      : undefined,
  ],
  sort: query.sort,
});

const CSV_COLUMNS: CsvColumn<Product>[] = [
  { header: 'id', value: (p) => p.id, raw: true },
  { header: 'name', value: (p) => p.name },
  { header: 'description', value: (p) => p.description },
  { header: 'price_points', value: (p) => p.price, raw: true },
  { header: 'stock', value: (p) => p.stock, raw: true },
  { header: 'active', value: (p) => p.active },
  { header: 'image_url', value: (p) => p.imageUrl },
  { header: 'updated_at', value: (p) => p.updatedAt },
];

const PRODUCTS = defineList({
  select: sql`SELECT ${PRODUCT_COLUMNS} FROM products p`,
  counted: sql`products p`,
  sorts: SORTS,
  tieBreaker: 'p.id',
  keyOf: (row) => row.id,
  toItem: toProduct,
  csv: { name: 'products', columns: CSV_COLUMNS },
});

/** The product catalogue (PRODUCT.md §10): members see the active products, admins manage all. */

async function lockProduct(tx: Sql, id: number): Promise<ProductRow> {
  const row = (await tx.query<ProductRow>(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ${id} FOR UPDATE`))
    .rows[0];
  if (!row) throw unknownProduct();
  return row;
}

async function productOf(db: Sql, id: number): Promise<Product> {
  const row = (await db.query<ProductRow>(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ${id}`)).rows[0];
  if (!row) throw unknownProduct();
  return toProduct(row);
}

export const productById = (ctx: AppContext, id: number) => productOf(ctx.db, id);

/** The active catalogue, a page at a time (members). */
export function productCatalogue(ctx: AppContext, query: ProductListQuery): Promise<ListAnswer<Product>> {
  const { db } = ctx;
  return PRODUCTS.page(db, filterOf({ ...query, status: 'active' }), query);
}

/** Every product: a page, or with `format=csv` the whole filtered list in the same order. */
export function listProducts(ctx: AppContext, query: ProductAdminListQuery): Promise<ListAnswer<Product>> {
  const { db } = ctx;
  return PRODUCTS.answer(db, filterOf(query), query, ctx.now());
}

export async function createProduct(ctx: AppContext, actor: Actor, body: ProductCreate): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const row = await writeNamedRow<ProductRow>(
      tx,
      PRODUCT,
      body.name,
      sql`INSERT INTO products (name, description, price, stock, active)
          VALUES (${body.name}, ${body.description}, ${toBaseUnits(body.price).toString()}, ${body.stock}, ${body.active})
          RETURNING ${PRODUCT_COLUMNS}`,
    );
    const created = toProduct(row);
    await auditCreated(tx, actor, PRODUCT, created);
    return created;
  });
}

export async function updateProduct(ctx: AppContext, actor: Actor, id: number, patch: ProductPatch): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    const row = await writeNamedRow<ProductRow>(
      tx,
      PRODUCT,
      patch.name ?? before.name,
      sql`UPDATE products
             SET name = ${patch.name ?? before.name}, description = ${patch.description ?? before.description},
                 price = ${patch.price !== undefined ? toBaseUnits(patch.price).toString() : before.price},
                 stock = ${patch.stock ?? before.stock}, active = ${patch.active ?? before.active}, updated_at = now()
           WHERE id = ${id} RETURNING ${PRODUCT_COLUMNS}`,
    );
    const to = toProduct(row);
    await auditChanged(tx, actor, PRODUCT, toProduct(before), to, ['name', 'description', 'price', 'stock', 'active']);
    return to;
  });
}

/** Checks and stores the picture first (outside the transaction: files are content-addressed), then points the product at it. */
export async function setProductImage(ctx: AppContext, actor: Actor, id: number, upload: Buffer): Promise<Product> {
  const { db } = ctx;
  // An unknown product is refused before any work on the upload.
  await productOf(db, id);
  const stored = await storeProductImage(ctx.config.mediaDir, upload);
  return db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    const row = (
      await tx.query<ProductRow>(
        sql`UPDATE products SET image_hash = ${stored.hash}, image_format = ${stored.format}, updated_at = now() WHERE id = ${id} RETURNING ${PRODUCT_COLUMNS}`,
      )
    ).rows[0]!;
    await writeAudit(tx, {
      actor,
      action: 'product.image',
      targetType: 'product',
      targetId: id,
      details: {
        from: before.image_hash,
        to: stored.hash,
        width: stored.width,
        height: stored.height,
        bytes: stored.bytes,
        uploadBytes: upload.length,
      },
    });
    return toProduct(row);
  });
}
