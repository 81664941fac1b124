-- A product holds at most MAX_PRODUCT_STOCK pieces (packages/contract/src/products.ts,
-- 1,000,000), the bound the catalogue's forms refuse past. A rejected
-- redemption returned its pieces past it (apps/api/src/redemptions/decide.ts
-- now caps them); the database keeps the same bound for every path.
-- apps/api/test/redemptions/stock-bound.test.ts checks the two numbers agree.
UPDATE products SET stock = 1000000 WHERE stock > 1000000;
ALTER TABLE products ADD CONSTRAINT products_stock_at_most_bound CHECK (stock <= 1000000);
