import { realClock, simulatedClock, type DemoClock } from '../../../bench/demo/clock';
import type { AppContext } from '../src/context';
import { startPortal, type TestPortal } from './harness';

const DAY_MS = 86_400_000;

/**
 * A portal for `seed:demo`'s living network over `days` days: on PGlite the
 * history runs on a simulated clock from `days` days ago (installed before
 * the database opens, bench/demo/clock.ts), so every past day is closed; on
 * a PostgreSQL server (DATABASE_URL) the server's clock stands still for
 * nobody, so it all happens today. `ctx` is the portal's context on that
 * clock, for `seedLivingNetwork`; `close` puts the real clock back.
 */
export async function startDemoPortal(
  days: number,
): Promise<{ portal: TestPortal; clock: DemoClock; ctx: AppContext; close(): Promise<void> }> {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const clock = process.env.DATABASE_URL
    ? realClock()
    : simulatedClock(new Date(today - (days - 1) * DAY_MS + 6 * 3_600_000));
  const portal = await startPortal();
  return {
    portal,
    clock,
    ctx: { ...portal.ctx, now: () => clock.now() },
    async close() {
      await portal.close();
      clock.release();
    },
  };
}
