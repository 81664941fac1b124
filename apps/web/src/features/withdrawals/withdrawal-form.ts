import { totpCodeSchema, withdrawalBodySchema } from '@portal/contract';
import { z } from 'zod';

const CODE_MISSING = 'Enter the 6-digit code from your authenticator app';
const CODE_MALFORMED = 'A code is the 6 digits your authenticator app shows, or a recovery code such as 1a2b-3c4d-5e6f';

/**
 * The shapes the API accepts as a sign-off (apps/api/src/two-factor/codes.ts,
 * consumeCode): six digits, or a recovery code's twelve hex characters
 * (apps/api/src/two-factor/enable-two-factor.ts), spaces and dashes aside. Anything
 * else is refused here, beside the field, before a quote is asked for.
 */
export function isWellFormedCode(code: string): boolean {
  const token = code.replace(/\s/g, '');
  return /^\d{6}$/.test(token) || /^[0-9a-f]{12}$/i.test(token.replace(/-/g, ''));
}

const { shape } = withdrawalBodySchema;

/**
 * The withdraw form's values checked by the contract's withdrawal body
 * (packages/contract/src/withdrawals.ts), after the page's own words for an
 * empty field. The code is asked only with two-factor sign-in on, so it is
 * required and checked only then, and otherwise left out of the body.
 */
export function withdrawalFormSchema(twoFactor: boolean) {
  return withdrawalBodySchema.extend({
    amount: z.string().trim().pipe(shape.amount),
    address: z.string().min(1, 'Choose a saved address').pipe(shape.address),
    totpCode: twoFactor
      ? z
          .string()
          .trim()
          .min(1, { error: CODE_MISSING, abort: true })
          .refine(isWellFormedCode, CODE_MALFORMED)
          .pipe(totpCodeSchema)
      : z.string().transform(() => undefined),
  });
}
export type WithdrawalFormInput = z.input<ReturnType<typeof withdrawalFormSchema>>;
