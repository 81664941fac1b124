/**
 * A per-statement profile of one use case: the context handed to it runs
 * every statement of its transactions through a timer, and `report` lists
 * them by time (a statement's triggers count in its time). Used by
 * `BENCH_PLAN_PROFILE=1 npm run bench -- plan` for the close and its pay.
 * With `explain`, each transaction also loads auto_explain: the plans of its
 * statements over 200 ms, the statements inside triggers included, go to
 * the server's log with their actual times (and their triggers' times).
 */
import type { AppContext } from '../../apps/api/src/context';
import type { Database, Sql } from '../../apps/api/src/platform/db/database';
import { sql, statement } from '../../apps/api/src/platform/db/sql';

export interface StatementProfile {
  ctx: AppContext;
  /** The statements timed since the last report, longest first, and forgets them. */
  report(): Array<{ ms: number; text: string }>;
}

export function profileStatements(ctx: AppContext, explain = false): StatementProfile {
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
    transaction: <T>(work: (tx: Sql) => Promise<T>) =>
      ctx.db.transaction(async (tx) => {
        if (explain) {
          await tx.query(sql`LOAD 'auto_explain'`);
          // BENCH_EXPLAIN_MS: a lower bound than 200 ms for a use case of short statements (the bulk approval's).
          await tx.query(
            sql`SELECT set_config('auto_explain.log_min_duration', ${`${Number(process.env.BENCH_EXPLAIN_MS ?? 200)}ms`}, true)`,
          );
          await tx.query(sql`SET LOCAL auto_explain.log_triggers = on`);
          await tx.query(sql`SET LOCAL auto_explain.log_analyze = on`);
          await tx.query(sql`SET LOCAL auto_explain.log_nested_statements = on`);
        }
        return work(timedSql(tx));
      }),
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
