import type { Database, Sql } from '../../apps/api/src/platform/db/database';
import { sql, type SqlQuery } from '../../apps/api/src/platform/db/sql';

/**
 * Builds synthetic networks with set-based SQL: a handful of INSERT … SELECT
 * over generate_series, each computing ids, sponsors, placement paths, depths,
 * sponsor keys and team counts arithmetically — never one request or one
 * statement per member.
 *
 * Balanced: heap numbering with the company root as node 1, so member i's
 * sponsor and placement parent is i/2, its children 2i (left) and 2i+1
 * (right); a complete binary tree of `members` + 1 nodes.
 * Chain: `length` members, each the left child (and referral) of the one
 * before, hanging from the outermost left position of the tree — where
 * left-link spillover from the top would put them.
 *
 * Member wallets need no rows (the ledger creates a wallet's account on its
 * first posting); everything else a member needs is written here.
 */
export interface GeneratedNetwork {
  /** User id of heap node i of the balanced tree (1 is the company root). */
  balancedId(i: number): number;
  /** User id of chain member c (1 = the top of the chain, `length` = the bottom). */
  chainId(c: number): number;
  balancedSize: number;
  chainLength: number;
  /** Depth of the chain's top member in the placement tree. */
  chainTopDepth: number;
  usernamePrefix: string;
}

export interface GenerateOptions {
  /** Members in the balanced tree below the company root. */
  members: number;
  /** Members in the deep chain (0 for none). */
  chain: number;
  /** Usernames: `${prefix}${i}` for the balanced tree, `${prefix}c${c}` for the chain. */
  prefix: string;
  /** argon2 hash every generated member signs in with; null: nobody can sign in. */
  passwordHash: string | null;
  /** Called with each step's name and time in milliseconds. */
  onStep?: (step: string, ms: number) => void;
}

export async function generateNetwork(db: Database, options: GenerateOptions): Promise<GeneratedNetwork> {
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await work();
    options.onStep?.(step, performance.now() - started);
    return value;
  };

  if (!/^[a-z][a-z0-9_]{1,15}$/.test(options.prefix))
    throw new Error('prefix: 2-16 lower-case letters, digits or _, starting with a letter');
  const state = await db.query<{ root: number; base: number; members: number; children: number }>(
    sql`SELECT (SELECT user_id FROM members WHERE sponsor_id IS NULL) AS root,
            (SELECT coalesce(max(id), 0) FROM users) AS base,
            (SELECT count(*) FROM members) AS members,
            (SELECT count(*) FROM network_nodes WHERE parent_id IS NOT NULL) AS children`,
  );
  const { root, base, members, children } = state.rows[0]!;
  if (!root) throw new Error('No company root member: start the portal once (or run bootstrap) first.');
  if (members > 1 || children > 0)
    throw new Error(
      `The network is not empty (${members - 1} members besides the root): generate into a fresh database.`,
    );

  const total = options.members + 1; // heap nodes, the root included
  const lastLevel = Math.floor(Math.log2(total));
  const chainTopDepth = lastLevel + 1;
  /** The same subtree size in JavaScript, for the root. */
  const heapSize = (j: number) => {
    if (j > total) return 0;
    const l = lastLevel - Math.floor(Math.log2(j));
    return 2 ** l - 1 + Math.max(0, Math.min(2 ** l, total - j * 2 ** l + 1));
  };
  const balancedId = (i: number) => (i === 1 ? root : base + i);
  const chainId = (c: number) => base + total + c;

  // The id of heap index i (an SQL expression): the root's, or the id base plus i.
  const uid = (i: SqlQuery) => sql`(CASE WHEN ${i} = 1 THEN ${root}::bigint ELSE ${base}::bigint + ${i} END)`;
  // Heap index i: its bits below the leading 1 are its path from the root (0 left, 1 right).
  const heap = sql`generate_series(2, ${total}::bigint) AS i,
    LATERAL (SELECT ltrim((i::bit(64))::text, '0') AS binary) AS b,
    LATERAL (SELECT length(b.binary) - 1 AS depth, substr(b.binary, 2) AS bits) AS h`;
  // Size of heap j's subtree in a complete tree of `total` nodes: full levels, then the cut last level.
  const size = (expr: SqlQuery) => {
    const j = sql`(${expr})`;
    return sql`(CASE WHEN ${j} > ${total}::bigint THEN 0 ELSE
      (SELECT (2::bigint ^ l)::bigint - 1 + greatest(0, least((2::bigint ^ l)::bigint, ${total}::bigint - ${j} * (2::bigint ^ l)::bigint + 1))
         FROM (SELECT ${lastLevel}::int - (length(ltrim((${j}::bit(64))::text, '0')) - 1) AS l) AS x) END)`;
  };

  await db.transaction(async (tx) => {
    await timed('balanced: users', () =>
      tx.query(
        sql`INSERT INTO users (id, username, email, full_name, password_hash, role)
         OVERRIDING SYSTEM VALUE
         SELECT ${base}::bigint + i, ${options.prefix} || (i - 1), ${options.prefix} || (i - 1) || '@example.invalid', 'Member ' || (i - 1), ${options.passwordHash}, 'member'
           FROM generate_series(2, ${total}::bigint) AS i`,
      ),
    );
    await timed('balanced: members', () =>
      tx.query(
        sql`INSERT INTO members (user_id, sponsor_id, requested_side, sponsor_depth, sponsor_key, direct_count, placed)
         SELECT ${uid(sql`i`)}, ${uid(sql`i / 2`)}, CASE WHEN i % 2 = 0 THEN 'left' ELSE 'right' END,
                h.depth, replace(h.bits, '1', '100')::varbit,
                (CASE WHEN 2 * i <= ${total}::bigint THEN 1 ELSE 0 END) + (CASE WHEN 2 * i + 1 <= ${total}::bigint THEN 1 ELSE 0 END),
                true
           FROM ${heap}`,
      ),
    );
    await timed('balanced: placement nodes', () =>
      tx.query(
        sql`INSERT INTO network_nodes (member_id, parent_id, side, depth, path, left_count, right_count)
         SELECT ${uid(sql`i`)}, ${uid(sql`i / 2`)}, CASE WHEN i % 2 = 0 THEN 'left' ELSE 'right' END,
                h.depth, (h.bits || '1')::varbit, ${size(sql`2 * i`)}, ${size(sql`2 * i + 1`)}
           FROM ${heap}`,
      ),
    );
    await tx.query(sql`UPDATE members SET direct_count = least(${total}::bigint - 1, 2) WHERE user_id = ${root}`);
    await tx.query(
      sql`UPDATE network_nodes SET left_count = ${heapSize(2)}, right_count = ${heapSize(3)} WHERE member_id = ${root}`,
    );

    if (options.chain > 0) await insertChain(tx, options, { base, total, lastLevel, balancedId }, timed);

    // New rows were written with explicit ids: move the identity past them.
    await tx.query(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
  });

  await timed('vacuum analyze', () => db.exec('VACUUM ANALYZE users, members, network_nodes'));
  return {
    balancedId,
    chainId,
    balancedSize: options.members,
    chainLength: options.chain,
    chainTopDepth,
    usernamePrefix: options.prefix,
  };
}

type Timed = <T>(step: string, work: () => Promise<T>) => Promise<T>;

/**
 * The deep chain: `options.chain` members below the balanced tree's outermost
 * left node, each the left child and first referral of the one before.
 */
async function insertChain(
  tx: Sql,
  options: GenerateOptions,
  {
    base,
    total,
    lastLevel,
    balancedId,
  }: { base: number; total: number; lastLevel: number; balancedId: (i: number) => number },
  timed: Timed,
): Promise<void> {
  const k = options.chain;
  // The outermost left node of the balanced tree: heap 2^lastLevel.
  const leftmost = 2 ** lastLevel;
  await timed('chain: users', () =>
    tx.query(
      sql`INSERT INTO users (id, username, email, full_name, password_hash, role)
       OVERRIDING SYSTEM VALUE
       SELECT ${base + total}::bigint + c, ${options.prefix} || 'c' || c, ${options.prefix} || 'c' || c || '@example.invalid', 'Chain member ' || c, ${options.passwordHash}, 'member'
         FROM generate_series(1, ${k}::int) AS c`,
    ),
  );
  // Every step of the outer left leg is a first referral (code 0) and a left child (bit 0).
  await timed('chain: members', () =>
    tx.query(
      sql`INSERT INTO members (user_id, sponsor_id, requested_side, sponsor_depth, sponsor_key, direct_count, placed)
       SELECT ${base + total}::bigint + c, CASE WHEN c = 1 THEN ${balancedId(leftmost)}::bigint ELSE ${base + total}::bigint + c - 1 END, 'left',
              ${lastLevel}::int + c, repeat('0', ${lastLevel}::int + c)::varbit, CASE WHEN c < ${k}::bigint THEN 1 ELSE 0 END, true
         FROM generate_series(1, ${k}::int) AS c`,
    ),
  );
  await timed('chain: placement nodes', () =>
    tx.query(
      sql`INSERT INTO network_nodes (member_id, parent_id, side, depth, path, left_count, right_count)
       SELECT ${base + total}::bigint + c, CASE WHEN c = 1 THEN ${balancedId(leftmost)}::bigint ELSE ${base + total}::bigint + c - 1 END, 'left',
              ${lastLevel}::int + c, (repeat('0', ${lastLevel}::int + c) || '1')::varbit, ${k}::bigint - c, 0
         FROM generate_series(1, ${k}::int) AS c`,
    ),
  );
  // The chain lies in the left leg of every node of the outer left spine above it.
  await tx.query(sql`UPDATE members SET direct_count = direct_count + 1 WHERE user_id = ${balancedId(leftmost)}`);
  const spine = Array.from({ length: lastLevel + 1 }, (_, d) => balancedId(2 ** d));
  await tx.query(
    sql`UPDATE network_nodes SET left_count = left_count + ${k} WHERE member_id = ANY(${spine}::bigint[])`,
  );
}
