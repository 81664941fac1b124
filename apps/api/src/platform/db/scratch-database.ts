import { execFileSync } from 'node:child_process';

/** How PostgreSQL's command-line tools (createdb, dropdb, pgbench) reach the server of `databaseUrl`. */
export function postgresCli(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    url,
    args: [
      '-h',
      url.hostname || '127.0.0.1',
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
    ],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  };
}

/**
 * A new, empty database named `name` on the PostgreSQL server of
 * `databaseUrl` (PostgreSQL's own createdb, dropped first if a run before
 * left it): its URL, and how to drop it. For the processes that need a
 * database of their own, not a schema of the test one: the multi-process
 * tests, the browser tests' server (e2e/support/serve.ts), the benchmarks.
 */
export function scratchDatabase(databaseUrl: string, name: string): { url: string; drop: () => void } {
  const { url, args, env } = postgresCli(databaseUrl);
  const drop = () => execFileSync('dropdb', [...args, '--if-exists', '--force', name], { env, stdio: 'ignore' });
  drop();
  execFileSync('createdb', [...args, name], { env });
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}
