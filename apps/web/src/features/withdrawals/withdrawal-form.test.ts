import { describe, expect, it } from 'vitest';
import { isWellFormedCode, withdrawalFormSchema } from './withdrawal-form';

const ADDRESS = '0x000000000000000000000000000000000000dEaD';
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('isWellFormedCode', () => {
  it.each(['123456', ' 123 456 ', '1a2b-3c4d-5e6f', '1A2B3C4D5E6F'])('takes %j', (code) => {
    expect(isWellFormedCode(code)).toBe(true);
  });
  it.each(['12345a', '12345', '1234567', 'abcdef', '1a2b-3c4d-5e6', '1a2b-3c4d-5e6g'])('refuses %j', (code) => {
    expect(isWellFormedCode(code)).toBe(false);
  });
});

describe('withdrawalFormSchema', () => {
  it('with two-factor on, sends the trimmed code', () => {
    const result = withdrawalFormSchema(true).safeParse({ amount: ' 50 ', address: ADDRESS, totpCode: ' 123456 ' });
    expect(result.data).toEqual({ amount: '50', address: ADDRESS, totpCode: '123456' });
  });

  it('refuses a malformed six-character code beside its field', () => {
    const result = withdrawalFormSchema(true).safeParse({ amount: '50', address: ADDRESS, totpCode: '12345a' });
    expect(messages(result)).toEqual({
      totpCode: 'A code is the 6 digits your authenticator app shows, or a recovery code such as 1a2b-3c4d-5e6f',
    });
  });

  it('says what each empty field needs', () => {
    const result = withdrawalFormSchema(true).safeParse({ amount: '', address: '', totpCode: '' });
    expect(messages(result)).toEqual({
      amount: 'Amount is required',
      address: 'Choose a saved address',
      totpCode: 'Enter the 6-digit code from your authenticator app',
    });
  });

  it("applies the contract's amount rules", () => {
    const result = withdrawalFormSchema(false).safeParse({ amount: '-5', address: ADDRESS, totpCode: '' });
    expect(messages(result)).toEqual({ amount: 'Amount must be greater than 0' });
  });

  it('with two-factor off, neither asks for a code nor sends one', () => {
    const result = withdrawalFormSchema(false).safeParse({ amount: '50', address: ADDRESS, totpCode: '' });
    expect(result.data).toEqual({ amount: '50', address: ADDRESS, totpCode: undefined });
  });
});
