import type { User } from '@portal/contract';
import type { AppContext } from '../context';
import { toUser } from '../users/queries';
import { ownAccount } from './own-account';

export async function readProfile(ctx: AppContext, userId: number): Promise<User> {
  return toUser(await ownAccount(ctx.db, userId));
}
