/**
 * Transfers end to end over HTTP: concurrent clients POST /api/transfers on
 * a scratch portal (loopback only), each request a whole journal entry with
 * locked wallets, the idempotency record and the transfer row. Two shapes:
 * many senders (the common case) and one hot sender (every transfer locks
 * the same wallet, so they queue on its row lock).
 */
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { BENCH_ADMIN_PASSWORD, startBenchPortal, type BenchPortal } from '../lib/portal';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SENDERS = 32;
const RECEIVERS = 32;
const PASSWORD = 'Bench-Member-Pass-2026';

interface Member {
  id: number;
  username: string;
  token: string;
}

async function call<T>(portal: BenchPortal, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signIn(portal: BenchPortal, username: string, password: string): Promise<{ token: string; id: number }> {
  const res = await call<{ accessToken: string; user: { id: number } }>(portal, 'POST', '/api/auth/login', {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
  return { token: res.body.accessToken, id: res.body.user.id };
}

async function newMember(portal: BenchPortal, username: string): Promise<Member> {
  const res = await call(portal, 'POST', '/api/auth/register', {
    body: { username, email: `${username}@bench.local`, fullName: `Bench ${username}`, password: PASSWORD, sponsor: 'company' },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const { token, id } = await signIn(portal, username, PASSWORD);
  return { id, username, token };
}

/** Runs `clients` loops for `seconds`, each sending transfers back to back. */
async function drive(portal: BenchPortal, senders: Member[], receivers: Member[], clients: number, seconds: number) {
  const latencies: number[] = [];
  let ok = 0;
  const failures = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  let sequence = 0;
  const worker = async (client: number) => {
    while (performance.now() < deadline) {
      sequence += 1;
      const sender = senders[(client + sequence) % senders.length]!;
      const receiver = receivers[sequence % receivers.length]!;
      const started = performance.now();
      const res = await call<{ code?: string }>(portal, 'POST', '/api/transfers', {
        token: sender.token,
        body: { toUsername: receiver.username, amount: '1.25' },
        headers: { 'idempotency-key': `bench-${client}-${sequence}` },
      });
      latencies.push(performance.now() - started);
      if (res.status === 201) ok += 1;
      else failures.set(`${res.status} ${res.body?.code ?? ''}`, (failures.get(`${res.status} ${res.body?.code ?? ''}`) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  const elapsed = (performance.now() - started) / 1000;
  return { ok, elapsed, latencies, failures };
}

const scenario: Scenario = {
  name: 'transfers',
  description: `POST /api/transfers over HTTP, ${CLIENTS} concurrent clients for ${SECONDS} s per shape`,
  async run(ctx: BenchContext): Promise<Figure[]> {
    const portal = await startBenchPortal(ctx.databaseUrl);
    const figures: Figure[] = [];
    try {
      const admin = await signIn(portal, 'admin', BENCH_ADMIN_PASSWORD);
      const tag = Date.now().toString(36);
      const senders: Member[] = [];
      const receivers: Member[] = [];
      for (let i = 0; i < SENDERS; i += 1) senders.push(await newMember(portal, `bs${tag}${i}`));
      for (let i = 0; i < RECEIVERS; i += 1) receivers.push(await newMember(portal, `br${tag}${i}`));
      for (const sender of senders) {
        const res = await call(portal, 'POST', `/api/admin/members/${sender.id}/adjustments`, {
          token: admin.token,
          body: { wallet: 'deposit', direction: 'credit', amount: '10000000', reason: 'Benchmark funding' },
        });
        if (res.status !== 201) throw new Error(`funding: ${res.status}`);
      }
      ctx.log(`${SENDERS} senders funded, ${RECEIVERS} receivers; warming up`);
      await drive(portal, senders, receivers, CLIENTS, 1);

      for (const [shape, group] of [
        ['many senders', senders],
        ['one hot sender', senders.slice(0, 1)],
      ] as const) {
        const run = await drive(portal, group, receivers, CLIENTS, SECONDS);
        const { p50, p99 } = percentiles(run.latencies);
        const failed = [...run.failures].map(([what, n]) => `${n}× ${what}`).join(', ');
        ctx.log(`${shape}: ${run.ok} transfers in ${run.elapsed.toFixed(1)} s${failed ? `; refused: ${failed}` : ''}`);
        figures.push(
          { metric: `transfers/s, ${shape}`, value: round(run.ok / run.elapsed, 1), unit: 'tx/s', note: `${CLIENTS} clients, ${portal.ctx.db.kind}` },
          { metric: `latency p50, ${shape}`, value: round(p50, 1), unit: 'ms' },
          { metric: `latency p99, ${shape}`, value: round(p99, 1), unit: 'ms', ...(failed ? { note: `refused: ${failed}` } : {}) },
        );
      }

      // The books must still balance after the run, or the figures mean nothing.
      const { rows } = await portal.ctx.db.query<{ bad: number }>(
        `SELECT count(*)::int AS bad FROM (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          GROUP BY p.entry_id, a.unit HAVING sum(p.amount) <> 0) x`,
      );
      if (rows[0]!.bad !== 0) throw new Error(`${rows[0]!.bad} unbalanced entries after the run`);
    } finally {
      await portal.close();
    }
    return figures;
  },
};

export default scenario;
