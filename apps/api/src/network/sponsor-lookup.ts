import type { SponsorLookup } from '@portal/contract';
import type { AppContext } from '../context';
import { hit } from '../shared/rate-limit';
import { tooManyRequests } from '../shared/errors';
import { findUserByUsername } from '../users/queries';

/**
 * Lookups one address may make per hour, per registration it may make: a
 * visitor opens a referral link a few times, not thousands (which would be
 * someone walking the member list).
 */
export const LOOKUPS_PER_REGISTRATION = 20;

/**
 * Whose referral link brought a visitor: for the
 * sign-up form, the sponsor's username and name — nothing else — or null
 * when no member has this username. Public, so rate-limited per address.
 */
export async function lookUpSponsor(ctx: AppContext, username: string, client: { ip: string }): Promise<SponsorLookup> {
  const limit = ctx.config.registrationsPerHour * LOOKUPS_PER_REGISTRATION;
  const allowed = await hit(ctx.db, `sponsor-lookup-ip:${client.ip}`, { limit, windowMs: 60 * 60_000 }, ctx.now());
  if (!allowed.allowed) {
    throw tooManyRequests(
      'SPONSOR_LOOKUPS_LIMITED',
      'Too many sponsor look-ups from this address. Type the sponsor’s username and try again later.',
      allowed.retryAfterMs / 1000,
    );
  }
  const user = await findUserByUsername(ctx.db, username);
  if (!user?.is_member) return { sponsor: null };
  return { sponsor: { username: user.username, fullName: user.full_name, acceptsMembers: user.status === 'active' } };
}
