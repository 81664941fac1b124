import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const API_SRC = join(here, '../../src');
const BENCH = join(here, '../../../../bench');
const WORDS = join(here, '../../../web/src/features/audit-log/describe.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every action the API (and the demo seed) writes to the audit log has its
 * words on the audit page (apps/web/src/features/audit-log/describe.ts): an
 * admin never reads `did "deposit.credit_held"`. (Domains have two letters or more: `l.action` is a
 * column of the audit list's sorts.)
 */
describe('the audit log in words', () => {
  it('names every recorded action in the audit page’s list', () => {
    const recorded = new Set<string>();
    for (const file of [...sources(API_SRC), ...sources(BENCH)]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/action: '([a-z_]{2,}\.[a-z_.]+)'/g))
        recorded.add(match[1]!);
      for (const match of readFileSync(file, 'utf8').matchAll(/AUDIT_ACTION = '([a-z_]+\.[a-z_.]+)'/g))
        recorded.add(match[1]!);
    }
    expect(recorded.size).toBeGreaterThan(20);
    const words = readFileSync(WORDS, 'utf8');
    const missing = [...recorded].filter((action) => !words.includes(`value: '${action}'`));
    expect(missing).toEqual([]);
  });
});
