import { AppError, forbidden } from './errors';

/**
 * No admin acts on their own money (docs/decisions/0050-no-admin-acts-on-their-own-money.md):
 * services refuse it with these words before they write; the tables refuse it
 * again (PT403 `OWN_MONEY`, migration 0041_own_money.sql), which
 * `ownMoneyRefusal` turns into the same answer wherever it surfaces.
 */
export const ownMoney = (message: string): AppError => forbidden('OWN_MONEY', message);

/** The database's refusal of an admin's own money as the API's answer, or null for any other error. */
export function ownMoneyRefusal(error: unknown): AppError | null {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e?.code !== 'PT403' || e.message !== 'OWN_MONEY') return null;
  return ownMoney(e.detail ?? 'This is your own money: another admin must act on it.');
}
