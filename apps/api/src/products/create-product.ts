import { toBaseUnits, type Product, type ProductCreate } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { auditCreated, writeNamedRow } from '../catalogue/write';
import { sql } from '../platform/db/sql';
import { PRODUCT, PRODUCT_COLUMNS, toProduct, type ProductRow } from './rows';

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
