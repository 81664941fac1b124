/**
 * A fresh `Idempotency-Key` for one money-moving action: made when the
 * confirmation opens and sent with every attempt of that action, so a
 * double click or a retry after a lost answer moves the money once.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-HTTP origins other than localhost have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request may or may not have gone through (no answer, or a server fault): retry with the same key. */
export function isAnswerLost(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && (status === 0 || status >= 500);
}
