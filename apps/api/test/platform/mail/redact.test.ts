import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/platform/mail/redact';

describe('redactSecrets', () => {
  it('takes out link parameters and token-like words, and leaves the rest of the mail readable', () => {
    const mail = [
      'Hello member12_ab34cd56ef78gh90ij,',
      'Open http://portal.test/password-reset?token=Zk3mN8pQ2rT5vW9xY1aB4cD6eF8g%2B&lang=en within one hour.',
      'Your code: Q2rT5vW9xY1aB4cD6eF8gH0j',
      'Sent to member12_ab34cd56ef78gh90ij@example.com for 125.50 USDT on 2026-11-23.',
    ].join('\n');
    const redacted = redactSecrets(mail);
    expect(redacted).toContain('http://portal.test/password-reset?token=[redacted]&lang=[redacted] within one hour.');
    expect(redacted).toContain('Your code: [redacted]');
    expect(redacted).not.toContain('Zk3mN8pQ2rT5vW9xY1aB4cD6eF8g');
    expect(redacted).not.toContain('Q2rT5vW9xY1aB4cD6eF8gH0j');
    expect(redacted).toContain('member12_ab34cd56ef78gh90ij@example.com for 125.50 USDT on 2026-11-23.');
  });

  it('keeps chain addresses and transaction hashes, which are public', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const hash = '0x8a3f5b2c9d1e7f6a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a';
    expect(redactSecrets(`Saved ${address}; paid in ${hash}.`)).toBe(`Saved ${address}; paid in ${hash}.`);
    expect(redactSecrets('Your code: 0xQ2rT5vW9xY1aB4cD6eF8gH0j')).toBe('Your code: [redacted]');
  });
});
