import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path that the docs or a code comment names exists, so a
 * file moved or deleted cannot leave a reader following a dead reference.
 *
 * Checked: a path from the repository's root (`apps/api/src/platform/jobs.ts`,
 * `docs/decisions/`) ending in an extension or a slash, in README.md, the
 * Markdown of `docs/` and the comments of the code under apps/, packages/,
 * e2e/ and bench/; a Markdown link's relative target, from its file's
 * folder; and a relative path with a folder in it in a comment
 * (`../src/main.ts`, `withdrawals/payout/job.ts`), from the file's folder
 * or one above it, or from the `src/` of the API or the web app.
 *
 * Not checked: `docs/spec/`, the specification as given (it names files of
 * other projects); `apps/api/migrations/`, never edited once applied (a
 * checksum refuses it), so their comments name files as they were; and
 * paths inside the folders .gitignore leaves out (`dist/`, `bench/out/`):
 * what a build or a run writes, not files of the repository.
 */

const ROOT = path.resolve(__dirname, '../../..');
const NOT_READ = [path.join(ROOT, 'docs/spec'), path.join(ROOT, 'apps/api/migrations')];
const APP_SOURCES = [path.join(ROOT, 'apps/api/src'), path.join(ROOT, 'apps/web/src')];

/** The folders .gitignore leaves out: `dist/` anywhere, `bench/out/` from the root. */
const IGNORED = readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/') && !line.startsWith('#'));

/** `apps/api/src/platform/jobs.ts`, `docs/decisions/`: from the root, ending in an extension or a slash. */
const ROOTED = /(?<![\w.@/-])((?:apps|packages|docs|e2e|bench|\.ci)\/[\w./-]*)/g;
const STARTS_ROOTED = /^(?:apps|packages|docs|e2e|bench|\.ci)\//;
/** `../src/main.ts`, `./harness.ts`, `withdrawals/payout/job.ts`: relative, with at least one folder. */
const RELATIVE = /(?<![\w.@/:-])((?:\.\.?\/)+[\w.-]+(?:\/[\w.-]+)*|[\w-]+(?:\/[\w.-]+)+)/g;
const NAMES_A_FILE = /\.[a-z]{1,5}$/;

function isOutput(relative: string): boolean {
  const segments = relative.split('/');
  return IGNORED.some((folder) =>
    folder.slice(0, -1).includes('/') ? `${relative}/`.startsWith(folder) : segments.includes(folder.slice(0, -1)),
  );
}

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const relative = path.relative(ROOT, full) + (entry.isDirectory() ? '/' : '');
    if (entry.name === 'node_modules' || NOT_READ.includes(full) || isOutput(relative)) return [];
    if (entry.isDirectory()) return walk(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** The folders from the file's own up to the root. */
function foldersAbove(file: string): string[] {
  const folders: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(ROOT); dir = path.dirname(dir)) folders.push(dir);
  return folders;
}

/** A file's comments: SQL's `--` and block comments; TypeScript's as its own scanner finds them. */
function commentsOf(file: string, text: string): string[] {
  if (file.endsWith('.sql')) return [...text.matchAll(/--[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const comments = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) comments.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...comments.values()];
}

/** The path as named, without the sentence's punctuation after it or a `#` anchor. */
function trimmed(found: string): string {
  return found.replace(/[.,;:]+$/, '').replace(/#.*$/, '');
}

interface Reference {
  where: string;
  named: string;
  candidates: string[];
}

function references(): Reference[] {
  const found: Reference[] = [];
  const add = (file: string, named: string, candidates: string[]) => {
    const outputs = candidates.filter((candidate) => isOutput(path.relative(ROOT, candidate)));
    if (outputs.length === 0) found.push({ where: path.relative(ROOT, file), named, candidates });
  };
  const rooted = (file: string, text: string) => {
    for (const match of text.matchAll(ROOTED)) {
      const named = trimmed(match[1]!);
      if (named.endsWith('/') || NAMES_A_FILE.test(named)) add(file, named, [path.join(ROOT, named)]);
    }
  };

  const markdown = [path.join(ROOT, 'README.md'), ...walk(path.join(ROOT, 'docs'), (f) => f.endsWith('.md'))];
  for (const file of markdown) {
    const text = readFileSync(file, 'utf8');
    rooted(file, text);
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.replace(/#.*$/, '');
      if (target && !/^[a-z]+:/.test(target)) add(file, target, [path.resolve(path.dirname(file), target)]);
    }
  }

  const code = ['apps', 'packages', 'e2e', 'bench'].flatMap((dir) =>
    walk(path.join(ROOT, dir), (f) => /\.(ts|tsx|sql)$/.test(f)),
  );
  for (const file of code) {
    const bases = [...foldersAbove(file), ...APP_SOURCES];
    for (const comment of commentsOf(file, readFileSync(file, 'utf8'))) {
      rooted(file, comment);
      for (const match of comment.matchAll(RELATIVE)) {
        const named = trimmed(match[1]!);
        if (STARTS_ROOTED.test(named) || !NAMES_A_FILE.test(named)) continue;
        add(
          file,
          named,
          bases.map((base) => path.resolve(base, named)),
        );
      }
    }
  }
  return found;
}

describe('paths named in the docs and in code comments', () => {
  const all = references();

  it('are found in every place they are named', () => {
    // Guards the reading itself: a pattern gone wrong would find nothing and pass.
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((ref) => ref.where === 'docs/architecture.md')).toBe(true);
    expect(all.some((ref) => ref.where.endsWith('.tsx'))).toBe(true);
    expect(all.some((ref) => ref.where.endsWith('.sql'))).toBe(true);
  });

  it('exist', () => {
    const missing = all
      .filter((ref) => !ref.candidates.some((candidate) => existsSync(candidate)))
      .map((ref) => `${ref.where}: ${ref.named}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
