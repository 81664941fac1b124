/**
 * `tsx scripts/long-functions.ts [limit] [folder...]`: lists the functions longer than `limit` lines (120
 * by default) in the TypeScript of the folders (apps/ by default), longest first. A function is a
 * declaration, a function expression, an arrow function, a method, a constructor or an accessor; its lines
 * run from the first of its own (its JSDoc left out) to its closing one. A function nested in another is
 * measured on its own too, so a long page reports both the page and any long part inside it.
 *
 * A page a reader can hold fits on a screen or two (issue 39); apps/web/src/long-functions.test.ts keeps
 * the web app within the limit, apps/api/test/long-functions.test.ts the API (its tests too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface LongFunction {
  /** From the repository's root, with the function's first line: `apps/web/src/x.tsx:12`. */
  where: string;
  name: string;
  lines: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** What a reader would call the function: its own name, or that of the variable, property or JSX prop holding it. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isJsxAttribute(parent)) {
    return parent.name.getText(file);
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file)})`;
  return '(anonymous)';
}

function isMeasured(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** Every function of one file longer than `limit` lines. */
export function longFunctionsIn(fileName: string, text: string, limit: number): LongFunction[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isMeasured(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ where: `${fileName}:${first + 1}`, name: nameOf(node, file), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every function longer than `limit` lines under the folders (from the repository's root), longest first. */
export function longFunctions(limit: number, folders: string[]): LongFunction[] {
  return folders
    .flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
    .flatMap((full) => longFunctionsIn(path.relative(ROOT, full), readFileSync(full, 'utf8'), limit))
    .sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [limit = '120', ...folders] = process.argv.slice(2);
  const found = longFunctions(Number(limit), folders.length > 0 ? folders : ['apps']);
  for (const { where, name, lines } of found) console.log(`${String(lines).padStart(4)}  ${name}  ${where}`);
  console.log(`${found.length} function(s) over ${limit} lines`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
