/**
 * A per-statement profile of one use case: the context handed to it runs
 * every statement of its transactions through a timer, and `report` lists
 * them by time (a statement's triggers count in its time). Used by
 * `BENCH_PLAN_PROFILE=1 npm run bench -- plan` for the close and its pay.
 */
import type { AppContext } from '../../apps/api/src/context';
import type { Database, Sql } from '../../apps/api/src/db/database';
import { statement } from '../../apps/api/src/db/sql';

export interface StatementProfile {
  ctx: AppContext;
  /** The statements timed since the last report, longest first, and forgets them. */
  report(): Array<{ ms: number; text: string }>;
}

export function profileStatements(ctx: AppContext): StatementProfile {
  let timings: Array<{ ms: number; text: string }> = [];
  const timedSql = (inner: Sql): Sql => ({
    async query(query) {
      const t = performance.now();
      try {
        return await inner.query(query);
      } finally {
        const text = statement(query)[0].replace(/\s+/g, ' ').trim().slice(0, 110);
        timings.push({ ms: performance.now() - t, text });
      }
    },
    exec: (script) => inner.exec(script),
  });
  const db: Database = Object.assign(Object.create(ctx.db) as Database, {
    ...timedSql(ctx.db),
    transaction: <T>(work: (tx: Sql) => Promise<T>) => ctx.db.transaction((tx) => work(timedSql(tx))),
  });
  return {
    ctx: { ...ctx, db },
    report() {
      const sorted = [...timings].sort((a, b) => b.ms - a.ms);
      timings = [];
      return sorted;
    },
  };
}
