import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `entry` (itself when a file), in name order, leaving out the folders and files named in `skipped`. */
export function filesUnder(entry: string, skipped: ReadonlySet<string> = new Set()): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .filter((name) => !skipped.has(name))
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name), skipped));
}
