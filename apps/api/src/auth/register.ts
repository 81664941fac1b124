import type { RegisterBody, User } from '@portal/contract';
import type { AppContext } from '../context';
import { sql } from '../platform/db/sql';
import { joinNetwork } from '../network/placement';
import { tooManyRequests, unprocessable } from '../shared/errors';
import { findUserById, findUserByUsername, toUser } from '../users/queries';
import { accountConflict, assertAccountFree } from '../users/uniqueness';
import { assertPasswordAllowed, hashPassword } from './passwords';
import { hit } from '../shared/rate-limit';

/** A new member signs up under a sponsor: limited per client address; placed at once with a side, else waiting for the sponsor. */
export async function register(ctx: AppContext, input: RegisterBody, client: { ip: string }): Promise<User> {
  const { db, config } = ctx;
  assertPasswordAllowed(input.password);
  const allowed = await hit(
    db,
    `register-ip:${client.ip}`,
    { limit: config.registrationsPerHour, windowMs: 60 * 60_000 },
    ctx.now(),
  );
  if (!allowed.allowed) {
    throw tooManyRequests(
      'REGISTRATION_LIMITED',
      'Too many accounts were created from this address. Try again later.',
      allowed.retryAfterMs / 1000,
    );
  }
  const sponsor = await findUserByUsername(db, input.sponsor);
  if (!sponsor?.is_member) {
    throw unprocessable('SPONSOR_NOT_FOUND', `Sponsor "${input.sponsor}" does not exist.`, 'sponsor');
  }
  if (sponsor.status === 'blocked') {
    throw unprocessable('SPONSOR_BLOCKED', `Sponsor "${input.sponsor}" cannot take new members.`, 'sponsor');
  }
  await assertAccountFree(db, { username: input.username, email: input.email });
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        sql`INSERT INTO users (username, email, full_name, password_hash, role)
            VALUES (${input.username}, ${input.email}, ${input.fullName}, ${passwordHash}, 'member') RETURNING id`,
      );
      const userId = rows[0]!.id;
      await tx.query(
        sql`INSERT INTO members (user_id, sponsor_id, requested_side) VALUES (${userId}, ${sponsor.id}, ${input.side ?? null})`,
      );
      // With a side, spillover places the new member now; without one they wait for the sponsor.
      await joinNetwork(tx, { memberId: userId, sponsorId: sponsor.id, side: input.side });
      return userId;
    });
    return toUser((await findUserById(db, id))!);
  } catch (error) {
    // Two sign-ups racing for the same name or address: the loser hears why.
    throw accountConflict(error) ?? error;
  }
}
