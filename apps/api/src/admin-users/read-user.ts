import type { AppContext } from '../context';
import { existingUser } from './existing-user';

export const readUser = (ctx: AppContext, id: number) => existingUser(ctx.db, id);
