import type { Product, ProductListQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { ListAnswer } from '../shared/list-reply';
import { filterOf, PRODUCTS } from './product-list';

/** The product catalogue (PRODUCT.md §10): the active products, a page at a time (members). */
export function browseCatalogue(ctx: AppContext, query: ProductListQuery): Promise<ListAnswer<Product>> {
  const { db } = ctx;
  return PRODUCTS.page(db, filterOf({ ...query, status: 'active' }), query);
}
