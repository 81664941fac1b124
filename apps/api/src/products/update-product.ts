import { toBaseUnits, type Product, type ProductPatch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { auditChanged, writeNamedRow } from '../catalogue/write';
import { sql } from '../platform/db/sql';
import { lockProduct, PRODUCT, PRODUCT_COLUMNS, toProduct, type ProductRow } from './rows';

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
