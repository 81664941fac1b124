import {
  BaseError,
  HttpRequestError,
  RpcError,
  RpcRequestError,
  TimeoutError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  WebSocketRequestError,
} from 'viem';

/**
 * Whether `error` is the node failing us: its transport (HTTP, WebSocket,
 * timeout), a JSON-RPC error it answered, or a receipt it never delivered.
 * Only these may be answered 503 CHAIN_UNAVAILABLE; anything else (a
 * database error, a bug) is what it is, a 500 logged with the request
 * (docs/decisions/0028-one-consolidation-at-a-time.md).
 */
export function isChainError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof WebSocketRequestError ||
        e instanceof TimeoutError ||
        e instanceof RpcRequestError ||
        e instanceof RpcError ||
        e instanceof WaitForTransactionReceiptTimeoutError ||
        e instanceof TransactionReceiptNotFoundError,
    ) !== null
  );
}
