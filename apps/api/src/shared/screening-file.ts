import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseScreeningLine } from '@portal/contract';

/** The reason of a file line that gives none. */
export const FILE_DEFAULT_REASON = 'Listed in the screening list file';

/** The addresses of SCREENING_LIST_FILE, read and checked at start by config.ts (so the file stands in shared/, below the domains), applied by screening/list.ts. */
export interface ScreeningFile {
  file: string;
  entries: Array<{ address: string; reason: string }>;
}

/**
 * Reads the list file: one address per line with an optional reason
 * (`parseScreeningLine`: after a comma, tab or space), `#` comments and
 * blank lines skipped, an address given twice kept once. Answers the
 * problems instead when the file cannot be read or a line is not an
 * address: a screening list the portal would only partly apply must not
 * start quietly.
 */
export function readScreeningFile(file: string): { value?: ScreeningFile; problems: string[] } {
  const resolved = path.resolve(file);
  let content: string;
  try {
    content = readFileSync(resolved, 'utf8');
  } catch (error) {
    return { problems: [`cannot read ${resolved}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const byAddress = new Map<string, string>();
  const problems: string[] = [];
  content.split(/\r?\n/).forEach((line, index) => {
    const parsed = parseScreeningLine(line);
    if (parsed.kind === 'invalid') problems.push(`${resolved} line ${index + 1}: ${parsed.message}`);
    if (parsed.kind === 'entry' && !byAddress.has(parsed.address))
      byAddress.set(parsed.address, parsed.reason ?? FILE_DEFAULT_REASON);
  });
  if (problems.length > 10) problems.splice(10, problems.length - 10, `… and ${problems.length - 10} more lines`);
  if (problems.length) return { problems };
  return {
    value: { file: resolved, entries: [...byAddress].map(([address, reason]) => ({ address, reason })) },
    problems,
  };
}
