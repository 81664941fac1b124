import { execFileSync } from 'node:child_process';
import type { Figure } from './scenario';

/**
 * PostgreSQL's own TPC-B rate on the same server, measured in the same run,
 * so the portal's figures can be read against what the database can do.
 * Uses a scratch database and removes it afterwards. Skipped without a server.
 */
export async function measurePgbench(databaseUrl?: string): Promise<Figure | undefined> {
  if (!databaseUrl) return undefined;
  const url = new URL(databaseUrl);
  const scratch = `pgbench_${process.pid}`;
  const base = ['-h', url.hostname || '127.0.0.1', '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  try {
    execFileSync('createdb', [...base, scratch], { env, stdio: 'ignore' });
    execFileSync('pgbench', [...base, '-i', '-s', '1', '-q', scratch], { env, stdio: 'ignore' });
    const out = execFileSync('pgbench', [...base, '-c', '8', '-j', '2', '-T', '10', scratch], { env, encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    return tps ? { scenario: 'pgbench', metric: 'TPC-B, 8 clients', value: Number(tps), unit: 'tx/s' } : undefined;
  } catch (error) {
    return { scenario: 'pgbench', metric: 'TPC-B, 8 clients', value: 'n/a', unit: 'tx/s', note: `pgbench unavailable: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    try {
      execFileSync('dropdb', [...base, '--if-exists', scratch], { env, stdio: 'ignore' });
    } catch {
      /* nothing to drop */
    }
  }
}
