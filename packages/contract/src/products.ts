import { z } from 'zod';
import { pageOf } from './common';
import { text } from './text';
import { idSchema, wholeNumberSchema } from './ids';
import { dayFilterSchema, listFormatSchema, listQuery, searchSchema, sortSchema } from './lists';
import { amountSchema, moneySchema } from './money';

/**
 * Products and redemption (PRODUCT.md §10): a catalogue priced in points
 * with stock, redeemed from the point wallet, approved (shipped) or
 * rejected (points and stock returned) by an admin.
 */

/** The most of one product a single redemption may take. */
export const MAX_REDEEM_QUANTITY = 1000;
/** The most stock a product may hold. */
export const MAX_PRODUCT_STOCK = 1_000_000;
/** The largest picture an admin may upload, in bytes. */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;
export const DELIVERY_ADDRESS_MAX = 500;
export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 2000;

const productNameSchema = text({ error: 'Name must be text' }, { label: 'Name' })
  .trim()
  .min(1, 'Name is required')
  .max(PRODUCT_NAME_MAX, `Name must be at most ${PRODUCT_NAME_MAX} characters`);
const productDescriptionSchema = text({ error: 'Description must be text' }, { label: 'Description', multiline: true })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`);
const stockSchema = z
  .number({ error: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(MAX_PRODUCT_STOCK, `Stock must be at most ${MAX_PRODUCT_STOCK.toLocaleString('en-US')}`);

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Points per piece. */
  price: moneySchema,
  stock: z.number().int(),
  active: z.boolean(),
  /** `/api/media/products/<hash>.webp`, or null before a picture is uploaded. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pageOf(productSchema);

export const productCreateSchema = z.object({
  name: productNameSchema,
  description: productDescriptionSchema.default(''),
  price: amountSchema('Price'),
  stock: stockSchema,
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const productPatchSchema = z
  .object({
    name: productNameSchema,
    description: productDescriptionSchema,
    price: amountSchema('Price'),
    stock: stockSchema,
    active: z.boolean({ error: 'active must be true or false' }),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change');
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** The member's catalogue: active products only. */
export const productListQuerySchema = listQuery({
  sort: sortSchema(['name', 'price', 'createdAt'], 'name'),
  search: searchSchema,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productAdminListQuerySchema = listQuery({
  sort: sortSchema(['name', 'price', 'stock', 'createdAt'], '-createdAt'),
  search: searchSchema,
  status: z.enum(['active', 'inactive'], { error: () => 'status must be active or inactive' }).optional(),
  format: listFormatSchema,
});
export type ProductAdminListQuery = z.infer<typeof productAdminListQuerySchema>;

// ---- redemptions ------------------------------------------------------------

export const redemptionStatuses = ['pending', 'approved', 'rejected'] as const;
export const redemptionStatusSchema = z.enum(redemptionStatuses);

const quantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_REDEEM_QUANTITY, `Quantity must be at most ${MAX_REDEEM_QUANTITY}`);

const productIdSchema = z
  .number({ error: 'productId must be a product id (a number)' })
  .int('productId must be a whole number')
  .positive('productId must be positive')
  .max(Number.MAX_SAFE_INTEGER, 'productId is not a product id');

export const deliveryAddressSchema = text(
  { error: (issue) => (issue.input === undefined ? 'Delivery address is required' : 'Delivery address must be text') },
  { label: 'Delivery address', multiline: true },
)
  .trim()
  .min(1, 'Delivery address is required')
  .max(DELIVERY_ADDRESS_MAX, `Delivery address must be at most ${DELIVERY_ADDRESS_MAX} characters`);

export const redemptionBodySchema = z.object({
  productId: productIdSchema,
  quantity: quantitySchema,
  deliveryAddress: deliveryAddressSchema,
});
export type RedemptionBody = z.infer<typeof redemptionBodySchema>;

/** What the confirmation shows: refuses what the redemption would refuse. */
export const redemptionQuoteQuerySchema = z.object({
  productId: idSchema('productId'),
  quantity: wholeNumberSchema(
    'quantity',
    1,
    MAX_REDEEM_QUANTITY,
    `Quantity must be a whole number from 1 to ${MAX_REDEEM_QUANTITY}`,
  ),
});
export const redemptionQuoteSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  points: moneySchema,
  balanceBefore: moneySchema,
  balanceAfter: moneySchema,
});
export type RedemptionQuote = z.infer<typeof redemptionQuoteSchema>;

export const redemptionSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  member: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnailUrl: z.string().nullable() }),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  points: moneySchema,
  deliveryAddress: z.string(),
  status: redemptionStatusSchema,
  /** Why it was rejected; null otherwise. */
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  refundEntryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionPageSchema = pageOf(redemptionSchema);

export const redemptionListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'points'], '-createdAt'),
  status: redemptionStatusSchema.optional(),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
});
export type RedemptionListQuery = z.infer<typeof redemptionListQuerySchema>;

/** `status=decided`: approved or rejected (the approval history). */
export const redemptionAdminListQuerySchema = listQuery({
  sort: sortSchema(['createdAt', 'points', 'decidedAt'], '-createdAt'),
  status: z
    .enum([...redemptionStatuses, 'decided'], { error: () => 'status must be pending, approved, rejected or decided' })
    .optional(),
  search: searchSchema,
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
});
export type RedemptionAdminListQuery = z.infer<typeof redemptionAdminListQuerySchema>;

export const REJECTION_REASON_MAX = 500;
export const rejectionReasonSchema = text(
  { error: (issue) => (issue.input === undefined ? 'A reason is required' : 'The reason must be text') },
  { label: 'The reason' },
)
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`);

export const redemptionRejectSchema = z.object({ reason: rejectionReasonSchema });

const idsSchema = z
  .array(
    z
      .number({ error: 'ids must be redemption ids' })
      .int('ids must be whole numbers')
      .positive('ids must be positive')
      .max(Number.MAX_SAFE_INTEGER),
    { error: 'ids must be a list of redemption ids' },
  )
  .min(1, 'Select at least one redemption')
  .max(100, 'At most 100 redemptions at once');

export const redemptionBulkApproveSchema = z.object({ ids: idsSchema });
export const redemptionBulkRejectSchema = z.object({ ids: idsSchema, reason: rejectionReasonSchema });
/**
 * The redemptions decided; `skipped`: those asked for and left alone, each
 * with why (an admin's own redemption: docs/decisions/0050-no-admin-acts-on-their-own-money.md).
 */
export const redemptionDecisionSchema = z.object({
  items: z.array(redemptionSchema),
  skipped: z.array(z.object({ id: z.number().int(), message: z.string() })).optional(),
});
