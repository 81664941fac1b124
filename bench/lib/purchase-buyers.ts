/**
 * The purchases shape of the money-paths bench: a generated balanced network
 * (BENCH_PURCHASE_MEMBERS, default 1,000,000) in the server's scratch
 * database, and one funded buyer per connection at its bottom level, 7
 * positions apart (as `npm run bench -- plan` picks them), so their uplines
 * share the higher levels, as a real network's leaders are shared by the
 * members below. wrk runs one thread per connection and each thread buys as
 * its own buyer: 16 buyers, each waiting for its purchase before the next,
 * as people buy (random buyers would queue behind their own purchases).
 */
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { openDatabase } from '../../apps/api/src/platform/db/database';
import { sql } from '../../apps/api/src/platform/db/sql';
import { generateNetwork } from './network-generator';
import type { ServerProcess } from './server';
import { fundDeposit, signIn } from './client';
import { CONNECTIONS, lua } from './wrk';

const PASSWORD = 'Bench-Member-Pass-2026';

export const purchaseMembers = () => Number(process.env.BENCH_PURCHASE_MEMBERS ?? 1_000_000);

/** Generates the network (into an empty one: call it before anyone registers) and names the buyers. */
export async function generatePurchaseNetwork(server: ServerProcess, log: (line: string) => void): Promise<number[]> {
  const db = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '' });
  try {
    const members = purchaseMembers();
    const started = performance.now();
    const net = await generateNetwork(db, {
      members,
      chain: 0,
      prefix: 'pb',
      passwordHash: await hashPassword(PASSWORD),
    });
    await db.query(sql`ANALYZE`);
    log(
      `${members.toLocaleString('en-US')} members generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const lastLevelFirst = 2 ** Math.floor(Math.log2(net.balancedSize + 1));
    return Array.from({ length: CONNECTIONS }, (_, i) => net.balancedId(lastLevelFirst + i * 7));
  } finally {
    await db.close();
  }
}

/** Funds and signs in the buyers; the wrk script's globals and request body (thread `tid` buys Starter as buyer `tid`). */
export async function purchaseShape(server: ServerProcess, adminToken: string, buyerIds: number[]) {
  const db = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '' });
  let names: string[];
  let starter: number;
  try {
    const found = await db.query<{ username: string }>(
      sql`SELECT username FROM users WHERE id = ANY(${buyerIds}::bigint[]) ORDER BY id`,
    );
    names = found.rows.map((row) => row.username);
    starter = (await db.query<{ id: number }>(sql`SELECT id FROM packages WHERE name = 'Starter'`)).rows[0]!.id;
  } finally {
    await db.close();
  }
  const tokens: string[] = [];
  for (const name of names) {
    const buyer = await signIn(server.baseUrl, name, PASSWORD);
    await fundDeposit(server.baseUrl, adminToken, buyer.id, '10000000');
    tokens.push(buyer.token);
  }
  const globals = `local tokens = { ${tokens.map(lua).join(', ')} }`;
  const request = (tag: string) => `  local s = tid
  return wrk.format("POST", "/api/purchases", {
    ["content-type"] = "application/json",
    ["authorization"] = "Bearer " .. tokens[s],
    ["idempotency-key"] = "${tag}-" .. tid .. "-" .. n,
  }, '{"packageId":${starter}}')`;
  return { globals, request, buyers: tokens.length };
}
