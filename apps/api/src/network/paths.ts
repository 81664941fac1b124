/**
 * Placement path keys, as plain functions (no database).
 *
 * A node's path is the sides taken from the root, `0` for left and `1` for
 * right, followed by a terminating `1`: the root is `1`, its left child `01`,
 * that node's right child `011`. Stored as PostgreSQL `varbit`, whose order
 * compares the bits zero-padded and then the lengths; with the terminator
 * that order is the tree's in-order (left subtree, node, right subtree), so:
 *
 * - every subtree is one range of the path index, strictly between two keys;
 * - the outermost left position of a subtree (follow left children until one
 *   is missing) is the first row of that range, the outermost right the last;
 * - "is X below P" is a prefix test on the bits.
 *
 * A key costs one bit per level: 10,000 levels are 1,250 bytes, within a
 * b-tree entry's 2,704; PostgreSQL compresses long regular keys (spillover
 * chains) far below that.
 */
export type Side = 'left' | 'right';

export const ROOT_PATH = '1';

/** The sides from the root, without the terminator. Its length is the node's depth. */
export function bitsOf(path: string): string {
  return path.slice(0, -1);
}

export const sideBit = (side: Side): '0' | '1' => (side === 'left' ? '0' : '1');

export function childPath(parentPath: string, side: Side): string {
  return bitsOf(parentPath) + sideBit(side) + '1';
}

/** Keys strictly between `after` and `before` (no upper bound when `before` is null). */
export interface KeyRange {
  after: string;
  before: string | null;
}

/**
 * The smallest key above every key that starts with `bits`: `bits` plus one
 * as a number of the same width, trailing zeros dropped (the shortest bit
 * string of that value sorts first). None when `bits` is all ones.
 */
export function successor(bits: string): string | null {
  const lastZero = bits.lastIndexOf('0');
  return lastZero < 0 ? null : bits.slice(0, lastZero) + '1';
}

/** The node and everything below it. */
export function subtreeRange(path: string): KeyRange {
  const bits = bitsOf(path);
  return { after: bits, before: successor(bits) };
}

/** Everything below the node on one side (the node itself excluded). */
export function legRange(path: string, side: Side): KeyRange {
  const bits = bitsOf(path);
  return side === 'left' ? { after: bits + '0', before: bits + '1' } : { after: bits + '1', before: successor(bits) };
}

/** True when `path` is `ancestorPath` or below it. */
export function isWithin(path: string, ancestorPath: string): boolean {
  return bitsOf(path).startsWith(bitsOf(ancestorPath));
}

/** The leg of `ancestorPath` that `path` lies in; null for the ancestor itself. */
export function legOf(path: string, ancestorPath: string): Side | null {
  const bit = bitsOf(path)[bitsOf(ancestorPath).length];
  return bit === undefined ? null : bit === '0' ? 'left' : 'right';
}

/**
 * PostgreSQL's order on bit strings (bit_cmp): the bytes, zero-padded,
 * compared as unsigned; on a tie the shorter string first. The tests use it
 * to check the range rules above against the database's own semantics.
 */
export function compareBits(a: string, b: string): number {
  const bytes = (s: string) => Math.ceil(s.length / 8);
  const shared = Math.min(bytes(a), bytes(b)) * 8;
  for (let i = 0; i < shared; i += 1) {
    const x = a[i] ?? '0';
    const y = b[i] ?? '0';
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export function inRange(key: string, range: KeyRange): boolean {
  return compareBits(key, range.after) > 0 && (range.before === null || compareBits(key, range.before) < 0);
}
