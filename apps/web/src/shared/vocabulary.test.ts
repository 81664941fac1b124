import { describe, expect, it } from 'vitest';
import { accountStatusTerm, glossaryHref, statusWord, TERM_LIST, TERMS } from './vocabulary';

describe('the vocabulary', () => {
  it('defines every term the pages show (issue 42), each once with its own anchor', () => {
    const words = TERM_LIST.map((t) => t.word.toLowerCase());
    for (const word of [
      'active',
      'placed',
      'pending',
      'approved',
      'paid',
      'held',
      'treasury',
      'hot wallet',
      'gas wallet',
      'owed',
    ])
      expect(words, word).toContain(word);
    expect(new Set(words).size).toBe(words.length);
    const anchors = TERM_LIST.map((t) => t.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const t of TERM_LIST) {
      expect(t.anchor).toMatch(/^[a-z]+(-[a-z]+)*$/);
      // A sentence or two: long enough to say something, short enough for a tooltip.
      expect(t.definition.length, t.id).toBeGreaterThan(40);
      expect(t.definition.length, t.id).toBeLessThan(260);
    }
  });

  it('links each term to its glossary entry', () => {
    expect(glossaryHref('hotWallet')).toBe('/glossary#hot-wallet');
    expect(glossaryHref('owed')).toBe('/glossary#owed');
  });

  it('gives the word of a status it defines, and none for a wallet or an unknown status', () => {
    expect(statusWord('held')).toBe(TERMS.held.word);
    expect(statusWord('PAID')).toBe('Paid');
    expect(statusWord('treasury')).toBeUndefined();
    expect(statusWord('credited')).toBeUndefined();
  });

  it('calls an account that is not blocked Enabled, so that Active keeps its one meaning', () => {
    expect(accountStatusTerm('active').word).toBe('Enabled');
    expect(accountStatusTerm('blocked').word).toBe('Blocked');
    expect(TERMS.active.definition).toMatch(/package/);
  });
});
