import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { runJob } from '../../src/shared/job-runner';
import { startPortal, type TestPortal } from '../harness';

const until = async (done: () => boolean) => {
  for (let i = 0; i < 2000 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

describe('the job runner (apps/api/src/shared/job-runner.ts)', () => {
  it('counts failed passes in a row, backs off, and starts again from 0 after a good pass', async () => {
    let passes = 0;
    // What the runner said after each failed pass, and what status() said then (the pass after may follow within ms).
    const seen: Array<{ failures: number; status: number; lastPassAt: Date | null }> = [];
    const job = runJob(pino({ level: 'silent' }), {
      name: 'flaky',
      everyMs: 1,
      async pass() {
        passes += 1;
        if (passes <= 2) throw new Error(`pass ${passes} failed`);
        return false;
      },
      async failed(_error, failures) {
        seen.push({ failures, status: job.status().failures, lastPassAt: job.status().lastPassAt });
      },
    });
    await until(() => passes >= 3 && job.status().failures === 0);
    expect(seen).toEqual([
      { failures: 1, status: 1, lastPassAt: null },
      { failures: 2, status: 2, lastPassAt: null },
    ]);
    expect(job.status()).toMatchObject({ name: 'flaky', failures: 0, lastPassAt: expect.any(Date) });
    await job.stop();
  });
});

describe('/api/health reports the background jobs of its process', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    delete portal.ctx.jobs;
    await portal?.close();
  });

  const checks = async () =>
    (await portal.app.inject({ method: 'GET', url: '/api/health' })).json<{
      status: string;
      checks: Record<string, unknown>;
    }>();

  it('names a job failing its passes, without its error, and says ok once none fails', async () => {
    let failures = 3;
    portal.ctx.jobs = {
      kickPayouts: () => undefined,
      kickRescans: () => undefined,
      kickSimulations: () => undefined,
      status: () => [
        { name: 'network roll-up', failures: 0, lastPassAt: new Date() },
        { name: 'payout pass', failures, lastPassAt: null },
      ],
    };
    const failing = await checks();
    expect(failing.status).toBe('ok');
    expect(failing.checks.jobs).toEqual({
      state: 'failing',
      failing: [{ name: 'payout pass', failures: 3 }],
      message: 'payout pass failed its last 3 passes; see the log. The job retries with back-off.',
    });

    failures = 0;
    expect((await checks()).checks.jobs).toEqual({
      state: 'ok',
      failing: [],
      message: 'None of the 2 background jobs of this process is failing.',
    });
  });
});
