/**
 * The browser tests' hand on the portal's embedded chain: the portal under
 * test writes its data folder's path beside the temp folder
 * (`e2e/support/serve.ts`), where `chain.json` names the node.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '4173';

export const e2eChainDataDir = () => readFileSync(path.join(tmpdir(), `portal-e2e-${port}.datadir`), 'utf8').trim();

/** `npm run chain:send -- <address> <amount>` against the portal's chain (it waits for the block). */
export function chainSend(address: string, amount: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'npx',
      ['tsx', 'apps/api/src/platform/chain/send.ts', address, amount],
      { env: { ...process.env, DATA_DIR: e2eChainDataDir() }, encoding: 'utf8' },
      (error, stdout) =>
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error whose type (an Omit<>) the rule cannot see as one
        error ? reject(error) : resolve(stdout),
    ),
  );
}

/** A JSON-RPC call to the embedded chain (anvil's own methods hold and resume its mining). */
export async function chainRpc(method: string, params: unknown[] = []): Promise<void> {
  const { rpcUrl } = JSON.parse(readFileSync(path.join(e2eChainDataDir(), 'chain.json'), 'utf8')) as { rpcUrl: string };
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
}
