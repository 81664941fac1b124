import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anvilClient, startAnvil } from '../../../src/platform/chain/anvil';

/**
 * The embedded chain's state file (platform/chain/anvil.ts, docs/decisions/0012):
 * written when the node is stopped, and when the portal's process exits
 * without stopping it (SIGTERM from the exit handler, not SIGKILL), so that
 * blocks mined just before lose nothing to the periodic save's interval.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'anvil-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded chain', () => {
  it('keeps the blocks mined just before it was stopped', async () => {
    const statePath = path.join(dir, 'chain-state.json');
    const first = await startAnvil({ statePath });
    const client = anvilClient(first.rpcUrl);
    await client.request({ method: 'anvil_mine' as never, params: ['0x2a'] as never });
    const head = await client.getBlock({ blockTag: 'latest' });
    await first.stop();

    const second = await startAnvil({ statePath });
    try {
      const again = anvilClient(second.rpcUrl);
      expect(await again.getBlockNumber({ cacheTime: 0 })).toBe(head.number);
      expect((await again.getBlock({ blockNumber: head.number })).hash).toBe(head.hash);
    } finally {
      await second.stop();
    }
  });

  it('keeps them when the process exits without stopping it', async () => {
    const statePath = path.join(dir, 'exit-state.json');
    const script = path.join(dir, 'exit.mts');
    const anvil = path.resolve('apps/api/src/platform/chain/anvil.ts');
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';
       import { anvilClient, startAnvil } from ${JSON.stringify(anvil)};
       const node = await startAnvil({ statePath: ${JSON.stringify(statePath)} });
       const client = anvilClient(node.rpcUrl);
       await client.request({ method: 'anvil_mine', params: ['0x2a'] });
       const head = await client.getBlock({ blockTag: 'latest' });
       writeFileSync(${JSON.stringify(path.join(dir, 'exit.json'))}, JSON.stringify({ pid: node.pid, number: String(head.number), hash: head.hash }));
       process.exit(0);`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    const left = JSON.parse(readFileSync(path.join(dir, 'exit.json'), 'utf8')) as {
      pid: number;
      number: string;
      hash: string;
    };
    // The orphaned anvil writes its state and exits on the SIGTERM it was sent.
    const alive = () => {
      try {
        process.kill(left.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; alive() && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toBe(false);

    const again = await startAnvil({ statePath });
    try {
      const client = anvilClient(again.rpcUrl);
      expect(String(await client.getBlockNumber({ cacheTime: 0 }))).toBe(left.number);
      expect((await client.getBlock({ blockNumber: BigInt(left.number) })).hash).toBe(left.hash);
    } finally {
      await again.stop();
    }
  });
});
