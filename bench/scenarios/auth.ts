/**
 * Forgot-password timing (docs/decisions/0010-sign-in-that-holds.md): the answer must not tell
 * whether an address has an account. Sends POST /api/auth/forgot-password
 * for registered and unknown addresses in random order over HTTP and prints
 * the median (and p99) answer time of each side by side. The per-account
 * work (token, mail into the outbox) runs after the answer; a short pause
 * between requests lets it finish so that it does not sit in front of the
 * next request. Each request comes from its own address (X-Forwarded-For,
 * the bench portal trusts its proxy) and each registered address is asked
 * for at most twice, so the quiet rate limits never skip the work.
 */
import { execFile } from 'node:child_process';
import { percentiles, round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { startBenchPortal } from '../lib/portal';
import { sql } from '../../apps/api/src/platform/db/sql';

const REQUESTS = Number(process.env.BENCH_AUTH_REQUESTS ?? 200);
const PASSWORD = 'Bench-Member-Pass-2026';

/** The forgot-password requests, sent one by one from a child process; answers their times in ms. */
const CLIENT = `
const [baseUrl, planJson] = process.argv.slice(1);
const plan = JSON.parse(planJson);
const times = [];
for (let i = 0; i < plan.length; i += 1) {
  const started = performance.now();
  const res = await fetch(baseUrl + '/api/auth/forgot-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.' + ((i >> 8) & 255) + '.' + (i & 255) },
    body: JSON.stringify({ email: plan[i].email }),
  });
  await res.text();
  if (res.status !== 202) throw new Error('forgot-password: ' + res.status);
  times.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(JSON.stringify(times));
`;

function runClient(baseUrl: string, plan: Array<{ email: string }>): Promise<number[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', CLIENT, baseUrl, JSON.stringify(plan)],
      { maxBuffer: 1 << 24 },
      (error, stdout) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error whose type (an Omit<>) the rule cannot see as one
        if (error) reject(error);
        else resolve(JSON.parse(stdout) as number[]);
      },
    );
  });
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const portal = await startBenchPortal(ctx.databaseUrl);
  try {
    const registered: string[] = [];
    const count = Math.ceil(REQUESTS / 4);
    for (let i = 0; i < count; i += 1) {
      const username = `forgot${i}`;
      const res = await fetch(`${portal.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          email: `${username}@bench.local`,
          fullName: `Bench ${username}`,
          password: PASSWORD,
          sponsor: 'company',
        }),
      });
      if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      registered.push(`${username}@bench.local`);
    }
    ctx.log(`${registered.length} registered addresses, ${REQUESTS} requests`);

    // The client runs in a process of its own: in this one, the portal's
    // after-the-answer work (PGlite runs in this thread) would hold up the
    // client's reading of the answer and be counted as answer time.
    const plan = Array.from({ length: REQUESTS }, (_, i) => {
      const known = Math.random() < 0.5;
      return {
        known,
        email: known
          ? registered[i % registered.length]!
          : `nobody${i}-${Math.random().toString(36).slice(2, 8)}@bench.local`,
      };
    });
    const output = await runClient(portal.baseUrl, plan);
    const times = { registered: [] as number[], unknown: [] as number[] };
    output.forEach((elapsed, i) => (plan[i]!.known ? times.registered : times.unknown).push(elapsed));
    const mails = await portal.ctx.db.query<{ n: number }>(sql`SELECT count(*) AS n FROM mail_outbox`);
    const known = percentiles(times.registered);
    const unknown = percentiles(times.unknown);
    ctx.log(
      `median answer: registered ${known.p50} ms, unknown ${unknown.p50} ms (${Number(mails.rows[0]!.n)} mails queued after the answers)`,
    );
    return [
      {
        metric: 'forgot-password median, registered address',
        value: known.p50,
        unit: 'ms',
        note: `p99 ${known.p99} ms, n=${times.registered.length}`,
      },
      {
        metric: 'forgot-password median, unknown address',
        value: unknown.p50,
        unit: 'ms',
        note: `p99 ${unknown.p99} ms, n=${times.unknown.length}`,
      },
      {
        metric: 'forgot-password median difference',
        value: round(known.p50 - unknown.p50),
        unit: 'ms',
        note: 'registered minus unknown',
      },
    ];
  } finally {
    await portal.close();
  }
}

const scenario: Scenario = {
  name: 'auth',
  description: 'forgot-password answer time, registered vs unknown addresses',
  run,
};
export default scenario;
