import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bitsOf,
  childPath,
  compareBits,
  inRange,
  isWithin,
  legOf,
  legRange,
  ROOT_PATH,
  subtreeRange,
  successor,
  type Side,
} from '../../src/network/paths';

/** A binary tree built by random placements, with the naive answers to compare against. */
interface Node {
  path: string;
  parent: Node | null;
  left: Node | null;
  right: Node | null;
}

function buildTree(steps: Array<{ at: number; side: Side }>): Node[] {
  const root: Node = { path: ROOT_PATH, parent: null, left: null, right: null };
  const nodes = [root];
  for (const step of steps) {
    // The step's node, or the first one after it with that slot free.
    for (let k = 0; k < nodes.length; k += 1) {
      const parent = nodes[(step.at + k) % nodes.length]!;
      if (parent[step.side]) continue;
      const child: Node = { path: childPath(parent.path, step.side), parent, left: null, right: null };
      parent[step.side] = child;
      nodes.push(child);
      break;
    }
  }
  return nodes;
}

const isDescendantOrSelf = (node: Node, ancestor: Node) => {
  for (let n: Node | null = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
};

/** The spillover rule as written: follow one side until that child is missing. */
const outermost = (node: Node, side: Side) => {
  let n = node;
  while (n[side]) n = n[side]!;
  return n;
};

const treeArbitrary = fc.array(fc.record({ at: fc.nat(1000), side: fc.constantFrom<Side>('left', 'right') }), {
  maxLength: 60,
});

describe('placement path keys', () => {
  it('give the root, children and grandchildren the documented keys', () => {
    expect(childPath(ROOT_PATH, 'left')).toBe('01');
    expect(childPath(ROOT_PATH, 'right')).toBe('11');
    expect(childPath('01', 'right')).toBe('011');
    expect(bitsOf('011')).toBe('01');
  });

  it('successor adds one and drops trailing zeros, and has none for all ones', () => {
    expect(successor('0111')).toBe('1');
    expect(successor('010')).toBe('011');
    expect(successor('0110')).toBe('0111');
    expect(successor('111')).toBeNull();
    expect(successor('')).toBeNull();
  });

  it("compareBits follows PostgreSQL's bit-string order", () => {
    expect(compareBits('0111', '1')).toBeLessThan(0);
    expect(compareBits('1', '1000')).toBeLessThan(0); // equal padded, shorter first
    expect(compareBits('10000000', '100000000')).toBeLessThan(0);
    expect(compareBits('011', '011')).toBe(0);
    expect(compareBits('1', '01111111')).toBeGreaterThan(0);
  });

  it('a subtree range holds exactly the node and its descendants', () => {
    fc.assert(
      fc.property(treeArbitrary, (steps) => {
        const nodes = buildTree(steps);
        for (const p of nodes) {
          const range = subtreeRange(p.path);
          for (const x of nodes) {
            expect(inRange(x.path, range)).toBe(isDescendantOrSelf(x, p));
            expect(isWithin(x.path, p.path)).toBe(isDescendantOrSelf(x, p));
          }
        }
      }),
    );
  });

  it('a leg range holds exactly the descendants on that side', () => {
    fc.assert(
      fc.property(treeArbitrary, (steps) => {
        const nodes = buildTree(steps);
        for (const p of nodes) {
          for (const side of ['left', 'right'] as const) {
            const child = p[side];
            for (const x of nodes) {
              const expected = child !== null && isDescendantOrSelf(x, child);
              expect(inRange(x.path, legRange(p.path, side))).toBe(expected);
              if (x !== p && isDescendantOrSelf(x, p)) expect(legOf(x.path, p.path) === side).toBe(expected);
            }
          }
          expect(legOf(p.path, p.path)).toBeNull();
        }
      }),
    );
  });

  it('the first key of a subtree is its outermost left position, the last its outermost right (spillover)', () => {
    fc.assert(
      fc.property(treeArbitrary, (steps) => {
        const nodes = buildTree(steps);
        const sorted = [...nodes].sort((a, b) => compareBits(a.path, b.path));
        for (const p of nodes) {
          const inside = sorted.filter((x) => inRange(x.path, subtreeRange(p.path)));
          expect(inside[0]).toBe(outermost(p, 'left'));
          expect(inside.at(-1)).toBe(outermost(p, 'right'));
        }
      }),
    );
  });

  it('keys are unique and sort the tree in order (left subtree, node, right subtree)', () => {
    fc.assert(
      fc.property(treeArbitrary, (steps) => {
        const nodes = buildTree(steps);
        const inOrder: Node[] = [];
        const walk = (n: Node | null) => {
          if (!n) return;
          walk(n.left);
          inOrder.push(n);
          walk(n.right);
        };
        walk(nodes[0]!);
        const sorted = [...nodes].sort((a, b) => compareBits(a.path, b.path));
        expect(sorted).toEqual(inOrder);
        expect(new Set(nodes.map((n) => n.path)).size).toBe(nodes.length);
      }),
    );
  });

  it('keeps one bit per level on a 10,000-deep chain', () => {
    let path = ROOT_PATH;
    for (let i = 0; i < 10_000; i += 1) path = childPath(path, i % 3 === 0 ? 'right' : 'left');
    expect(path.length).toBe(10_001);
    expect(Math.ceil(path.length / 8)).toBeLessThan(2704);
  });
});
