import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/withdraw-history', '/withdraw-history'],
    ['/wallet?tab=income#top', '/wallet?tab=income#top'],
    ['/a/../wallet', '/wallet'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\u0000x',
    '/login',
    '/',
    '',
    null,
    undefined,
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('builds the sign-in address with the asked page, or without one', () => {
    expect(withNext('/login', '/wallet?x=1')).toBe('/login?next=%2Fwallet%3Fx%3D1');
    expect(withNext('/login', 'https://evil.example')).toBe('/login');
  });
});
