import type { AppContext } from '../context';
import { part } from '../per-process';
import { sql } from '../platform/db/sql';

/** How often the hub looks for new notifications while anyone listens: the bell's delay, at most. */
const POLL_MS = 400;
/** Ids below the last one seen that are looked at again: a transaction that took its id before a later one may commit after it. */
const LOOK_BACK = 500;

type Listener = (id: number) => void;

/** The live side of the bell in one process: the accounts listening, and what it has told them. */
export interface LiveHub {
  /** Calls `listener` with the id of each new notification of `userId`; answers how to stop. */
  listen(userId: number, listener: Listener): () => void;
  /** Ends every stream (the process is stopping). */
  close(): void;
  /** Streams end with the process: each registers how to end itself. */
  onClose(end: () => void): () => void;
}

const HUB = part<LiveHub>('the notifications live hub');

/** This process's hub, made on first use (docs/decisions/0057-composition-root.md). */
export const liveHubOf = (ctx: AppContext): LiveHub => ctx.perProcess.of(HUB, () => createLiveHub(ctx));

/**
 * One query every `POLL_MS` for this process's listeners, whatever their number: the notifications written since
 * the last look (by any process: the rows are the outbox), each handed to its account's listeners. It runs only
 * while someone listens, so an idle portal asks nothing.
 */
function createLiveHub(ctx: AppContext): LiveHub {
  const listeners = new Map<number, Set<Listener>>();
  const enders = new Set<() => void>();
  const told = new Set<number>();
  let last: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  const look = async () => {
    if (last === null) {
      const { rows } = await ctx.db.query<{ last: string }>(
        sql`SELECT COALESCE(max(id), 0)::text AS last FROM notifications`,
      );
      last = Number(rows[0]!.last);
      return;
    }
    const { rows } = await ctx.db.query<{ id: string; user_id: string }>(
      sql`SELECT id::text, user_id::text FROM notifications WHERE id > ${last - LOOK_BACK} ORDER BY id LIMIT 5000`,
    );
    for (const row of rows) {
      const id = Number(row.id);
      if (told.has(id)) continue;
      told.add(id);
      last = Math.max(last, id);
      for (const listener of listeners.get(Number(row.user_id)) ?? []) listener(id);
    }
    for (const id of told) if (id <= last - LOOK_BACK) told.delete(id);
  };
  const tick = () => {
    timer = setTimeout(() => {
      look()
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'notifications: the live look failed'))
        .finally(() => {
          if (listeners.size) tick();
          else timer = undefined;
        });
    }, POLL_MS);
  };

  return {
    listen(userId, listener) {
      const own = listeners.get(userId) ?? new Set<Listener>();
      own.add(listener);
      listeners.set(userId, own);
      if (!timer) tick();
      return () => {
        own.delete(listener);
        if (!own.size) listeners.delete(userId);
      };
    },
    onClose(end) {
      enders.add(end);
      return () => enders.delete(end);
    },
    close() {
      for (const end of [...enders]) end();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
