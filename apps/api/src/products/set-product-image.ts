import type { Product } from '@portal/contract';
import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { storeProductImage } from './images';
import { lockProduct, PRODUCT_COLUMNS, productOf, toProduct, type ProductRow } from './rows';

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
