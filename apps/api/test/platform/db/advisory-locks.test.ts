import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../../src/platform/db/advisory-locks';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

describe('advisory lock ids', () => {
  it('are all different', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are taken only by name from db/advisory-locks.ts, never as a number written elsewhere', () => {
    const numbered = filesUnder(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /pg_(try_)?advisory_(xact_)?lock(_shared)?\(\s*\d/.test(line))
        .map((line) => `${path.relative(SRC, file)}: ${line.trim()}`),
    );
    const taken = filesUnder(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/pg_(?:try_)?advisory_(?:xact_)?lock\(\$\{([^}]+)\}/g)].map(
        (match) => `${path.relative(SRC, file)}: ${match[1]}`,
      ),
    );
    // Every lock of the list is taken somewhere, so the scan below cannot pass by finding nothing.
    expect(taken.length).toBeGreaterThanOrEqual(Object.keys(ADVISORY_LOCKS).length);
    expect(numbered).toEqual([]);
    expect(taken.filter((use) => !/ADVISORY_LOCKS\.\w+$/.test(use))).toEqual([]);
  });
});
