import { amountSchema } from '@portal/contract';
import { z } from 'zod';

/**
 * A money amount as typed in a form field: trimmed text, then the contract's
 * amount rule (apps/web's money forms: transfer, convert, adjust, treasury
 * move, capital), so a form checks exactly what the API will. Apart from
 * shared/forms.ts, which the sign-in page loads (e2e/sign-in-weight.spec.ts).
 */
export const typedAmount = (label = 'Amount') => z.string().trim().pipe(amountSchema(label));
