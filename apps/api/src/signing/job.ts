import { startConsolidation } from '../deposits/consolidation';
import { moveTreasuryToHot } from '../deposits/move-from-treasury';
import { buildReserveProof } from '../reserves/build-reserve-proof';
import type { Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import type { Job } from '../shared/job-runner';
import { AppError } from '../shared/errors';
import type { SigningKind, StoredError } from './hand-off';
import type { TreasuryMoveBody } from '@portal/contract';

/** What each kind of request does, with this process's keys: the same use case the route calls in a process that signs. */
const HANDLERS: Record<
  SigningKind,
  (ctx: AppContext, actor: Actor, input: Record<string, unknown>) => Promise<unknown>
> = {
  treasury_move: (ctx, actor, input) =>
    moveTreasuryToHot(ctx, actor, input.body as TreasuryMoveBody, input.idempotencyKey as string | undefined),
  consolidation: (ctx, actor) => startConsolidation(ctx, actor),
  reserve_proof: (ctx, actor) => buildReserveProof(ctx, { actor }),
};

interface RequestRow {
  id: number;
  kind: SigningKind;
  actor: Actor;
  input: Record<string, unknown>;
}

/**
 * The jobs process's side of signing/hand-off.ts: takes the oldest request
 * no one took (SKIP LOCKED: several jobs processes never take one twice),
 * does it, and stores the answer or the refusal. A refusal the contract
 * lists is stored as it is; anything else is stored as 503
 * SIGNER_UNAVAILABLE (the error itself goes to this process's log).
 */
export function signingRequestsJob(ctx: AppContext): Job {
  return {
    name: 'signing requests',
    everyMs: 1_000,
    async pass() {
      const { rows } = await ctx.db.query<RequestRow>(
        sql`UPDATE signing_requests SET status = 'running', taken_at = now()
             WHERE id = (SELECT id FROM signing_requests WHERE status = 'requested' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, kind, actor, input`,
      );
      const request = rows[0];
      if (!request) return false;
      try {
        const answer = await HANDLERS[request.kind](ctx, request.actor, request.input);
        await ctx.db.query(
          sql`UPDATE signing_requests SET status = 'done', answer = ${JSON.stringify(answer)}::jsonb, finished_at = now() WHERE id = ${request.id}`,
        );
      } catch (error) {
        const stored: StoredError =
          error instanceof AppError
            ? { status: error.status, code: error.code, message: error.message, field: error.field }
            : {
                status: 503,
                code: 'SIGNER_UNAVAILABLE',
                message: 'The process that holds the keys could not do this request (see its log). Try again.',
              };
        await ctx.db.query(
          sql`UPDATE signing_requests SET status = 'failed', error = ${JSON.stringify(stored)}::jsonb, finished_at = now() WHERE id = ${request.id}`,
        );
        if (!(error instanceof AppError)) ctx.log.error({ err: error, request: request.id }, 'signing request failed');
      }
      return true;
    },
  };
}
