/**
 * The network at scale: the generator's time for a balanced network of
 * 1,000,000 members and a 10,000-deep placement chain (hanging from the
 * network's outermost left position, where left spillover puts members),
 * then the median and p99 latency of every network endpoint over HTTP on
 * both shapes, placements by spillover to the bottom of the chain, and the
 * roll-up of their team counts through 10,000 ancestors.
 *
 * On PGlite (no DATABASE_URL) the same network is built (about 2.5 minutes)
 * and fewer requests are timed; there every statement waits its turn on one
 * connection, so a roll-up batch (about 0.4 s through the 10,000-deep chain)
 * shows in the p99 of requests that arrive meanwhile. BENCH_NETWORK_MEMBERS
 * and BENCH_NETWORK_REQUESTS override the sizes.
 */
import { signIn } from '../lib/client';
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { rollUpNetwork } from '../../apps/api/src/network/rollup';
import { generateNetwork, type GeneratedNetwork } from '../lib/network-generator';
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { sql } from '../../apps/api/src/platform/db/sql';

const CHAIN = 10_000;
const MEMBER_PASSWORD = 'Bench-Member-Pass-2026';

interface Client {
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

async function signedIn(baseUrl: string, username: string, password: string): Promise<Client> {
  const { token } = await signIn(baseUrl, username, password);
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path) => fetch(`${baseUrl}${path}`, { headers }),
    post: (path, body) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

/** A seeded random number generator, so every run asks the same questions. */
function randomFrom(seed: number) {
  let s = seed;
  return (below: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((s / 2 ** 31) * below);
  };
}

const scenario: Scenario = {
  name: 'network',
  description:
    'generator time for 1M balanced members and a 10,000-deep chain; network endpoint latency on both shapes',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const members = Number(process.env.BENCH_NETWORK_MEMBERS ?? 1_000_000);
    const figures: Figure[] = [];
    const portal = await startBenchPortal(ctx.databaseUrl);
    try {
      const net = await generate(portal, members, figures, ctx);
      await measureEndpoints(portal, net, figures, ctx);
    } finally {
      await portal.close();
    }
    return figures;
  },
};
export default scenario;

async function generate(
  portal: BenchPortal,
  members: number,
  figures: Figure[],
  ctx: BenchContext,
): Promise<GeneratedNetwork> {
  const steps = new Map<string, number>();
  ctx.log(
    `generating ${members.toLocaleString('en-US')} balanced members and a ${CHAIN.toLocaleString('en-US')}-deep chain…`,
  );
  const net = await generateNetwork(portal.ctx.db, {
    members,
    chain: CHAIN,
    prefix: 'net',
    passwordHash: null,
    onStep: (step, ms) => {
      steps.set(step, ms);
      ctx.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`);
    },
  });
  const sum = (prefix: string) =>
    [...steps].filter(([step]) => step.startsWith(prefix)).reduce((total, [, ms]) => total + ms, 0);
  const note = `users, members, placement nodes with paths and counts${ctx.databaseUrl ? '' : ' (PGlite)'}`;
  figures.push({
    metric: `generate balanced network (${members.toLocaleString('en-US')} members)`,
    value: round(sum('balanced') / 1000, 1),
    unit: 's',
    note,
  });
  figures.push({
    metric: `generate chain (${CHAIN.toLocaleString('en-US')} deep)`,
    value: round(sum('chain') / 1000, 1),
    unit: 's',
  });
  figures.push({ metric: 'vacuum analyze after generating', value: round(sum('vacuum') / 1000, 1), unit: 's' });
  return net;
}

async function measureEndpoints(portal: BenchPortal, net: GeneratedNetwork, figures: Figure[], ctx: BenchContext) {
  const db = portal.ctx.db;
  const requests = Number(process.env.BENCH_NETWORK_REQUESTS ?? (ctx.databaseUrl ? 200 : 60));
  const random = randomFrom(424_242);
  const total = net.balancedSize + 1;
  const lastLevel = Math.floor(Math.log2(total));

  // A few generated members may sign in (the others have no password at all).
  const top = net.balancedId(2); // the root's left child: about half the network and the chain below it
  const mid = net.balancedId(2 ** (lastLevel - 8) + 5); // 8 levels above the bottom: ~500 below
  const chainTop = net.chainId(1);
  const chainDeep = net.chainId(9_000);
  const hash = await hashPassword(MEMBER_PASSWORD);
  await db.query(
    sql`UPDATE users SET password_hash = ${hash} WHERE id = ANY(${[top, mid, chainTop, chainDeep]}::bigint[])`,
  );
  const names = await db.query<{ id: number; username: string }>(
    sql`SELECT id, username FROM users WHERE id = ANY(${[top, mid, chainTop, chainDeep]}::bigint[])`,
  );
  const nameOf = (id: number) => names.rows.find((r) => r.id === id)!.username;
  const as = {
    top: await signedIn(portal.baseUrl, nameOf(top), MEMBER_PASSWORD),
    mid: await signedIn(portal.baseUrl, nameOf(mid), MEMBER_PASSWORD),
    chainTop: await signedIn(portal.baseUrl, nameOf(chainTop), MEMBER_PASSWORD),
    chainDeep: await signedIn(portal.baseUrl, nameOf(chainDeep), MEMBER_PASSWORD),
    admin: await signedIn(portal.baseUrl, 'admin', BENCH_ADMIN_PASSWORD),
  };

  // A random member of `top`'s subtree: heap indexes below 2 at a random depth.
  const belowTop = () => {
    const depth = 1 + random(lastLevel - 1);
    const first = 2 * 2 ** depth;
    return net.balancedId(first + random(2 ** depth));
  };
  const inChain = (from: number) => net.chainId(from + random(CHAIN - from + 1));
  const search = () => `net${1 + random(9)}${random(10)}${random(10)}${random(10)}`;

  const measure = async (
    shape: string,
    metric: string,
    request: (i: number) => Promise<Response>,
    count = requests,
  ) => {
    const samples: number[] = [];
    let failures = 0;
    let firstFailure = '';
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      const res = await request(i);
      const body = await res.text();
      samples.push(performance.now() - started);
      if (res.status >= 300) {
        failures += 1;
        firstFailure ||= `${res.status} ${body.slice(0, 120)}`;
      }
    }
    const { p50, p99 } = percentiles(samples);
    const note = failures ? `${failures} failed: ${firstFailure}` : `${count} requests`;
    figures.push({ metric: `${shape}: ${metric} p50`, value: p50, unit: 'ms', note });
    figures.push({ metric: `${shape}: ${metric} p99`, value: p99, unit: 'ms' });
    ctx.log(`${shape}: ${metric}: p50 ${p50} ms, p99 ${p99} ms${failures ? ` (${note})` : ''}`);
  };

  const B = `balanced ${net.balancedSize.toLocaleString('en-US')}`;
  await measure(B, 'referral-link', () => as.top.get('/api/network/referral-link'));
  await measure(B, 'sponsor-tree, own, depth 2', () => as.top.get('/api/network/sponsor-tree?depth=2'));
  await measure(B, 'sponsor-tree, random member below', () =>
    as.top.get(`/api/network/sponsor-tree?root=${belowTop()}`),
  );
  await measure(B, 'sponsor-tree, search a username prefix', () =>
    as.top.get(`/api/network/sponsor-tree?search=${search()}`),
  );
  await measure(B, 'placement-tree, own, depth 4', () => as.top.get('/api/network/placement-tree?depth=4'));
  await measure(B, 'placement-tree, random member below, depth 4', () =>
    as.top.get(`/api/network/placement-tree?depth=4&root=${belowTop()}`),
  );
  await measure(B, 'downline, page 1', () => as.top.get('/api/network/downline'));
  await measure(B, 'downline, page 500 (rows 9,981-10,000)', () => as.top.get('/api/network/downline?page=500'));
  await measure(B, `downline, level ${lastLevel - 1} (counted to 10,000)`, () =>
    as.top.get(`/api/network/downline?level=${lastLevel - 1}`),
  );
  await measure(B, 'downline, right leg, page 20', () => as.top.get('/api/network/downline?leg=right&page=20'));
  await measure(B, 'downline, after a random member', () => as.top.get(`/api/network/downline?after=${belowTop()}`));
  await measure(B, 'downline, search a username prefix', () => as.top.get(`/api/network/downline?search=${search()}`));
  await measure(B, 'downline of a member ~500 strong, search', () =>
    as.mid.get(`/api/network/downline?search=${search()}`),
  );
  await measure(B, 'placements (waiting list)', () => as.top.get('/api/network/placements'));
  await measure(B, 'admin: placement-tree of the company, depth 4', () =>
    as.admin.get('/api/network/placement-tree?depth=4'),
  );
  await measure(B, 'admin: downline of a random member', () =>
    as.admin.get(`/api/network/downline?root=${belowTop()}`),
  );

  const C = `chain ${CHAIN.toLocaleString('en-US')} deep`;
  await measure(C, 'placement-tree, top of the chain, depth 4', () =>
    as.chainTop.get('/api/network/placement-tree?depth=4'),
  );
  await measure(C, 'placement-tree, random member below (up to 10,000 levels)', () =>
    as.chainTop.get(`/api/network/placement-tree?depth=4&root=${inChain(2)}`),
  );
  await measure(C, 'placement-tree, member at depth ~9,000 of the chain', () =>
    as.chainDeep.get('/api/network/placement-tree?depth=4'),
  );
  await measure(C, 'sponsor-tree, random member below', () =>
    as.chainTop.get(`/api/network/sponsor-tree?root=${inChain(2)}`),
  );
  await measure(C, 'sponsor-tree, search', () => as.chainTop.get('/api/network/sponsor-tree?search=netc99'));
  await measure(C, 'downline, page 1', () => as.chainTop.get('/api/network/downline'));
  await measure(C, 'downline, page 400', () => as.chainTop.get('/api/network/downline?page=400'));
  await measure(C, 'downline, random level (exact count)', () =>
    as.chainTop.get(`/api/network/downline?level=${1 + random(CHAIN - 1)}`),
  );
  await measure(C, 'downline, after a random member', () =>
    as.chainTop.get(`/api/network/downline?after=${inChain(2)}`),
  );
  await measure(C, 'downline, search', () => as.chainTop.get('/api/network/downline?search=netc5'));
  await measure(C, 'downline of the member at depth ~9,000', () => as.chainDeep.get('/api/network/downline'));
  await measure(C, 'referral-link', () => as.chainTop.get('/api/network/referral-link'));
  await measure(C, 'admin: placement-tree of a random chain member', () =>
    as.admin.get(`/api/network/placement-tree?root=${inChain(1)}`),
  );

  // Placements: waiting referrals (inserted directly; the sign-up trigger gives them their sponsor keys),
  // then placed by spillover, each at the current bottom of the chain or of the outer right leg.
  const placements = Math.min(requests, 100);
  const waiting = async (sponsorId: number, prefix: string) => {
    const { rows } = await db.query<{ id: number }>(
      sql`WITH u AS (
         INSERT INTO users (username, email, full_name, password_hash, role)
         SELECT ${prefix} || g, ${prefix} || g || '@example.invalid', 'Waiting ' || g, NULL, 'member' FROM generate_series(1, ${placements}::int) AS g
         RETURNING id)
       INSERT INTO members (user_id, sponsor_id) SELECT id, ${sponsorId} FROM u ORDER BY id RETURNING user_id AS id`,
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  };
  const chainWaiting = await waiting(chainTop, 'waitc');
  await measure(
    C,
    'POST placements, auto left (to the bottom of the chain)',
    (i) => as.chainTop.post('/api/network/placements', { memberId: chainWaiting[i], auto: 'left' }),
    placements,
  );
  const topWaiting = await waiting(top, 'waitb');
  await measure(
    B,
    'POST placements, auto right',
    (i) => as.top.post('/api/network/placements', { memberId: topWaiting[i], auto: 'right' }),
    placements,
  );
  await measure(
    C,
    'POST register with side=left (spillover; includes argon2 hashing)',
    (i) =>
      fetch(`${portal.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `joiner${i}`,
          email: `joiner${i}@example.invalid`,
          fullName: `Joiner ${i}`,
          password: 'Correct-Horse-Battery-9',
          sponsor: nameOf(chainTop),
          side: 'left',
        }),
      }),
    Math.min(requests, 30),
  );

  // Whatever the background job has not applied yet, applied now and timed.
  const pending = await db.query<{ n: number }>(
    sql`SELECT count(*) AS n FROM network_events WHERE rolled_up_at IS NULL`,
  );
  const started = performance.now();
  const applied = await rollUpNetwork(db);
  figures.push({
    metric: 'roll-up of pending placement events',
    value: round(performance.now() - started, 1),
    unit: 'ms',
    note: `${applied} events (${pending.rows[0]!.n} pending when started), ancestors up to ~${CHAIN + lastLevel} levels`,
  });
  const replay = await timeRollUpReplay(portal, 1_000, net.chainId(CHAIN));
  figures.push(replay);
}

/**
 * The roll-up's own cost on the deep shape: 1,000 placement events at the
 * bottom of the 10,000-deep chain, applied in one batch. The events are
 * replayed (their nodes exist already), so the counts are put back after.
 */
async function timeRollUpReplay(portal: BenchPortal, events: number, deepMember: number): Promise<Figure> {
  const db = portal.ctx.db;
  await rollUpNetwork(db);
  await db.query(
    sql`INSERT INTO network_events (member_id, kind, count_delta) SELECT ${deepMember}, 'placement', 1 FROM generate_series(1, ${events}::int)`,
  );
  const started = performance.now();
  await rollUpNetwork(db, { batchSize: events });
  const ms = performance.now() - started;
  // Undo: the same events with the opposite sign.
  await db.query(
    sql`INSERT INTO network_events (member_id, kind, count_delta) SELECT ${deepMember}, 'placement', -1 FROM generate_series(1, ${events}::int)`,
  );
  await rollUpNetwork(db, { batchSize: events });
  return {
    metric: `roll-up of ${events.toLocaleString('en-US')} events at depth ${CHAIN.toLocaleString('en-US')}+ (one batch)`,
    value: round(ms, 1),
    unit: 'ms',
    note: 'one walk up, one UPDATE of the distinct ancestors',
  };
}
