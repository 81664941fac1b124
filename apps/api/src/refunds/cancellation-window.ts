const DAY_MS = 86_400_000;

/**
 * Until when a purchase made at `createdAt` may be cancelled by its buyer (the `cancellationDays` setting, counted
 * from the purchase); null when the window is off (0 days). Read by the cancellation itself and by the purchases
 * list that offers Cancel.
 */
export function cancelUntil(createdAt: Date, cancellationDays: string): Date | null {
  const days = Number(cancellationDays);
  return days > 0 ? new Date(createdAt.getTime() + days * DAY_MS) : null;
}
