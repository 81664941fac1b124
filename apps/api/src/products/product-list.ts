import type { Product } from '@portal/contract';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import { containsPattern } from '../shared/sql-list';
import { PRODUCT_COLUMNS, toProduct, type ProductRow } from './rows';

/** The products as a list (ADR 0024): members browse the active ones, admins list and export all. */
const SORTS = { name: 'lower(p.name)', price: 'p.price', stock: 'p.stock', createdAt: 'p.id' } as const;

type ProductFilter = { search?: string; status?: 'active' | 'inactive'; sort: string };

export const filterOf = (query: ProductFilter): ListFilter<ProductRow> => ({
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

export const PRODUCTS = defineList({
  select: sql`SELECT ${PRODUCT_COLUMNS} FROM products p`,
  counted: sql`products p`,
  sorts: SORTS,
  tieBreaker: 'p.id',
  keyOf: (row) => row.id,
  toItem: toProduct,
  csv: { name: 'products', columns: CSV_COLUMNS },
});
