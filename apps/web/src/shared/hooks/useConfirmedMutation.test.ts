import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { useConfirmedMutation, type ConfirmedMutationOptions } from './useConfirmedMutation';

const toast = { show: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('../toast', () => ({ useToast: () => toast }));

beforeEach(() => vi.clearAllMocks());

function setUp(overrides: Partial<ConfirmedMutationOptions<string, string>> = {}) {
  const send = vi.fn(async (review: string) => `done ${review}`);
  const fieldError = vi.fn((error: unknown) => error instanceof ApiError && error.field === 'amount');
  const hook = renderHook(() =>
    useConfirmedMutation<string, string>({
      send,
      successMessage: (result) => `OK: ${result}`,
      fieldError,
      ...overrides,
    }),
  );
  return { send, fieldError, hook };
}

describe('useConfirmedMutation', () => {
  it('confirms once with the attempt key, then says the outcome in one toast', async () => {
    const { send, hook } = setUp();
    act(() => hook.result.current.open('5 USDT'));
    expect(hook.result.current.dialog.open).toBe(true);
    expect(hook.result.current.pending).toBe('5 USDT');
    await act(async () => {
      hook.result.current.dialog.onConfirm();
      hook.result.current.dialog.onConfirm(); // a double click
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('OK: done 5 USDT');
    expect(toast.error).not.toHaveBeenCalled();
    expect(hook.result.current.dialog.open).toBe(false);
  });

  it('gives each opened confirmation a fresh key and keeps it for a retry after a lost answer', async () => {
    const keys: string[] = [];
    let fail = true;
    const { hook } = setUp({
      send: async (_review, key) => {
        keys.push(key);
        if (fail) throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server.');
        return 'sent';
      },
    });
    act(() => hook.result.current.open('a'));
    await act(async () => hook.result.current.dialog.onConfirm());
    // The answer was lost: the dialog stays, with the same key.
    expect(hook.result.current.dialog.open).toBe(true);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Cannot reach the server.');
    fail = false;
    await act(async () => hook.result.current.dialog.onConfirm());
    expect(keys[1]).toBe(keys[0]);
    act(() => hook.result.current.open('b'));
    await act(async () => hook.result.current.dialog.onConfirm());
    expect(keys[2]).not.toBe(keys[0]);
    expect(new Set(keys).size).toBe(2);
  });

  it('puts a refusal that names a field on the field only, with no toast', async () => {
    const { hook, fieldError } = setUp({
      send: async () => {
        throw new ApiError(422, 'INSUFFICIENT_BALANCE', 'Insufficient balance.', 'amount');
      },
    });
    act(() => hook.result.current.open('a'));
    await act(async () => hook.result.current.dialog.onConfirm());
    expect(fieldError).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
    expect(hook.result.current.dialog.open).toBe(false);
  });

  it('says any other refusal in one toast, and a refused review opens nothing', async () => {
    const { hook } = setUp();
    await act(() =>
      hook.result.current.prepare(async () => {
        throw new ApiError(422, 'OUT_OF_STOCK', 'The product is sold out.');
      }),
    );
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('The product is sold out.');
    expect(hook.result.current.dialog.open).toBe(false);
    await act(() => hook.result.current.prepare(async () => 'quote'));
    expect(hook.result.current.pending).toBe('quote');
  });

  it('keeps the dialog while sending: Cancel does nothing and the buttons are busy', async () => {
    let finish: (value: string) => void = () => {};
    const { hook } = setUp({ send: () => new Promise<string>((resolve) => (finish = resolve)) });
    act(() => hook.result.current.open('a'));
    act(() => hook.result.current.dialog.onConfirm());
    expect(hook.result.current.dialog.busy).toBe(true);
    act(() => hook.result.current.dialog.onClose());
    expect(hook.result.current.dialog.open).toBe(true);
    await act(async () => finish('ok'));
    expect(hook.result.current.dialog.busy).toBe(false);
    expect(toast.success).toHaveBeenCalledOnce();
  });
});
