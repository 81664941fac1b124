import type { Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { AppError } from '../shared/errors';
import type { ApiErrorCode } from '@portal/contract';

/**
 * Keys only where they sign (docs/decisions/0053-keys-only-where-they-sign.md):
 * an admin action that signs runs in the process that holds the keys. Asked
 * of a web process (PORTAL_ROLE=web, no key in memory), it is recorded in
 * `signing_requests` for the process that runs the jobs (./job.ts), and the
 * answer that process stores is given as if it had been done here: the API
 * is the same in both roles.
 */
export type SigningKind = 'treasury_move' | 'consolidation' | 'reserve_proof';

/** How long a request may wait to be taken before the web process gives up on it (no jobs process running). */
const TAKE_WITHIN_MS = 30_000;
/** How long a taken request may run (a consolidation waits for its receipts) before the answer is "still running". */
const ANSWER_WITHIN_MS = 10 * 60_000;
const POLL_MS = 200;

/** The refusal a stored error is given back as: only a code the contract lists. */
export interface StoredError {
  status: number;
  code: ApiErrorCode;
  message: string;
  field?: string;
}

const signerUnavailable = (message: string) => new AppError(503, 'SIGNER_UNAVAILABLE', message);

/** `sign` here where this process signs; otherwise the request handed to the jobs process, its answer awaited. */
export async function signWhereKeysAre<T>(
  ctx: AppContext,
  kind: SigningKind,
  actor: Actor,
  input: Record<string, unknown>,
  sign: () => Promise<T>,
): Promise<T> {
  if (ctx.config.role !== 'web') return sign();
  const { rows } = await ctx.db.query<{ id: number }>(
    sql`INSERT INTO signing_requests (kind, actor, input) VALUES (${kind}, ${JSON.stringify(actor)}::jsonb, ${JSON.stringify(input)}::jsonb) RETURNING id`,
  );
  const id = rows[0]!.id;
  ctx.jobs?.kickSigning?.();
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const { rows: found } = await ctx.db.query<{ status: string; answer: T | null; error: StoredError | null }>(
      sql`SELECT status, answer, error FROM signing_requests WHERE id = ${id}`,
    );
    const row = found[0]!;
    if (row.status === 'done') return row.answer as T;
    if (row.status === 'failed') {
      const e = row.error!;
      throw new AppError(e.status, e.code, e.message, e.field);
    }
    const waited = Date.now() - started;
    if (row.status === 'requested' && waited > TAKE_WITHIN_MS) {
      // Withdrawn only if still untaken: a jobs process that takes it meanwhile does it, and the answer is read below.
      const { rows: withdrawn } = await ctx.db.query(
        sql`UPDATE signing_requests SET status = 'abandoned', finished_at = now() WHERE id = ${id} AND status = 'requested' RETURNING 1`,
      );
      if (withdrawn.length)
        throw signerUnavailable(
          'No process that holds the keys took this request (is the PORTAL_ROLE=jobs process running?). Nothing was signed; try again.',
        );
    }
    if (waited > ANSWER_WITHIN_MS)
      throw signerUnavailable(
        'The process that holds the keys is still working on this request; reload the page to see its outcome.',
      );
  }
}
