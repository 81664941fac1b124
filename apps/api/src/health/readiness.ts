import type { ChainStatus } from '@portal/contract';
import type { AppContext } from '../context';
import { readChainStatus } from '../deposits/chain-status';
import { sql } from '../platform/db/sql';
import { AppError } from '../shared/errors';

/**
 * Ready once the database answers; the deposit watcher's status rides along
 * when the portal has a chain, and an unreachable node does not make the
 * portal unready (deposits wait; everything else works).
 */
export async function readiness(ctx: AppContext): Promise<{ status: 'ok'; chain?: ChainStatus }> {
  try {
    await ctx.db.query(sql`SELECT 1`);
  } catch {
    throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable.');
  }
  return ctx.chain ? { status: 'ok', chain: await readChainStatus(ctx) } : { status: 'ok' };
}
