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
import { writeAudit, type Actor } from '../audit/service';
import { conflict, isUniqueViolation, notFound } from '../shared/errors';
import { containsPattern, orderBy, pageClause, SqlFilter } from '../shared/sql-filter';
import { imageUrls, storeProductImage } from './images';

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

export const PRODUCT_COLUMNS = 'id, name, description, price::text AS price, stock, active, image_hash, image_format, created_at, updated_at';

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

const SORTS = { name: 'lower(p.name)', price: 'p.price', stock: 'p.stock', createdAt: 'p.id' } as const;

const duplicateName = (name: string) => conflict('PRODUCT_NAME_TAKEN', `A product named "${name}" already exists.`, 'name');
const unknownProduct = () => notFound('PRODUCT_NOT_FOUND', 'No product has this id.');

type ListFilter = { search?: string; status?: 'active' | 'inactive'; sort: string };

function filterOf(query: ListFilter): SqlFilter {
  const filter = new SqlFilter();
  if (query.status) filter.where(`p.active = ${filter.param(query.status === 'active')}`);
  if (query.search) {
    const pattern = filter.param(containsPattern(query.search));
    filter.where(`(p.name ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
  }
  return filter;
}

export async function listProducts(sql: Sql, query: ListFilter, window: { limit: number; offset: number }): Promise<{ items: Product[]; total: number }> {
  const filter = filterOf(query);
  const countParams = [...filter.params];
  const [count, page] = await Promise.all([
    sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${filter.sql}`, countParams),
    sql.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p ${filter.sql} ${orderBy(query.sort, SORTS, 'p.id')} ${pageClause(filter, window)}`, filter.params),
  ]);
  return { items: page.rows.map(toProduct), total: count.rows[0]!.total };
}

/** The product catalogue (PRODUCT.md §10): members see the active products, admins manage all. */
export function createProductService(ctx: AppContext) {
  const { db } = ctx;

  async function lockProduct(tx: Sql, id: number): Promise<ProductRow> {
    const row = (await tx.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!row) throw unknownProduct();
    return row;
  }

  async function get(id: number): Promise<Product> {
    const row = (await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id])).rows[0];
    if (!row) throw unknownProduct();
    return toProduct(row);
  }

  return {
    get,

    catalogue(query: ProductListQuery, window: { limit: number; offset: number }) {
      return listProducts(db, { ...query, status: 'active' }, window);
    },

    list(query: Omit<ProductAdminListQuery, 'page' | 'pageSize' | 'format'>, window: { limit: number; offset: number }) {
      return listProducts(db, query, window);
    },

    async create(actor: Actor, body: ProductCreate): Promise<Product> {
      return db.transaction(async (tx) => {
        let row: ProductRow;
        try {
          row = (
            await tx.query<ProductRow>(
              `INSERT INTO products (name, description, price, stock, active) VALUES ($1, $2, $3, $4, $5) RETURNING ${PRODUCT_COLUMNS}`,
              [body.name, body.description, toBaseUnits(body.price).toString(), body.stock, body.active],
            )
          ).rows[0]!;
        } catch (error) {
          if (isUniqueViolation(error, 'products_name_key')) throw duplicateName(body.name);
          throw error;
        }
        const created = toProduct(row);
        await writeAudit(tx, { actor, action: 'product.create', targetType: 'product', targetId: created.id, details: { product: created } });
        return created;
      });
    },

    async update(actor: Actor, id: number, patch: ProductPatch): Promise<Product> {
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        let row: ProductRow;
        try {
          row = (
            await tx.query<ProductRow>(
              `UPDATE products SET name = $2, description = $3, price = $4, stock = $5, active = $6, updated_at = now()
                WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
              [
                id,
                patch.name ?? before.name,
                patch.description ?? before.description,
                patch.price !== undefined ? toBaseUnits(patch.price).toString() : before.price,
                patch.stock ?? before.stock,
                patch.active ?? before.active,
              ],
            )
          ).rows[0]!;
        } catch (error) {
          if (isUniqueViolation(error, 'products_name_key')) throw duplicateName(patch.name ?? before.name);
          throw error;
        }
        const from = toProduct(before);
        const to = toProduct(row);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of ['name', 'description', 'price', 'stock', 'active'] as const) {
          if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
        }
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx, { actor, action: 'product.update', targetType: 'product', targetId: id, details: { changes } });
        }
        return to;
      });
    },

    /** Checks and stores the picture first (outside the transaction: files are content-addressed), then points the product at it. */
    async setImage(actor: Actor, id: number, upload: Buffer): Promise<Product> {
      // An unknown product is refused before any work on the upload.
      await get(id);
      const stored = await storeProductImage(ctx.config.mediaDir, upload);
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        const row = (
          await tx.query<ProductRow>(
            `UPDATE products SET image_hash = $2, image_format = $3, updated_at = now() WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
            [id, stored.hash, stored.format],
          )
        ).rows[0]!;
        await writeAudit(tx, {
          actor,
          action: 'product.image',
          targetType: 'product',
          targetId: id,
          details: { from: before.image_hash, to: stored.hash, width: stored.width, height: stored.height, bytes: stored.bytes, uploadBytes: upload.length },
        });
        return toProduct(row);
      });
    },
  };
}
