import type { Product, ProductAdminListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { ListAnswer } from '../shared/list-reply';
import { filterOf, PRODUCTS } from './product-list';

/** Every product: a page, or with `format=csv` the whole filtered list in the same order. */
export function listProducts(ctx: AppContext, query: ProductAdminListQuery): Promise<ListAnswer<Product>> {
  const { db } = ctx;
  return PRODUCTS.answer(db, filterOf(query), query, ctx.now());
}
