import { z } from 'zod';
import { endpoint } from '../endpoint';
import { chainStatusSchema } from '../deposits';
import { healthChecksSchema } from '../health';

/** `/api/health` */
export const health = {
  status: endpoint({
    method: 'GET',
    path: '/health',
    status: 200,
    answer: z.object({ status: z.literal('ok'), chain: chainStatusSchema.optional(), checks: healthChecksSchema }),
    errors: ['DATABASE_UNAVAILABLE'],
    tags: ['health'],
    summary:
      'Ready once the database answers; `chain` (when the portal has one) reports the deposit watcher; an unreachable node does not make the portal unready; `checks` puts the watcher, the payout queue and the hot wallet in words',
  }),
};
