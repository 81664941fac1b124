import { describe, expect, it } from 'vitest';
import { longFunctions } from '../../../scripts/long-functions';

const LIMIT = 120;

describe('the API', () => {
  // A function a reader can hold fits on a screen or two (issue 39), the tests' too: a long describe keeps its
  // set-up and calls module-level functions that register its tests, a long test reads as steps.
  it(`has no function over ${LIMIT} lines, in its source or its tests`, () => {
    const found = longFunctions(LIMIT, ['apps/api']);
    expect(found.map(({ name, where, lines }) => `${name} (${where}): ${lines}`)).toEqual([]);
  });
});
