/** The time left until `dueAt`, in words: "23 h 5 min", "4 min", or "due now". */
export function timeLeft(dueAt: string, now: number): string {
  const minutes = Math.ceil((new Date(dueAt).getTime() - now) / 60_000);
  if (minutes <= 0) return 'due now';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h${rest ? ` ${rest} min` : ''}` : `${rest} min`;
}
