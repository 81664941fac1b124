import type { AdminUser, UsersQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { ListAnswer } from '../shared/list-reply';
import { userList } from './queries';

/** The Users list: a page, or with `format=csv` the whole filtered list in the same order. */
export const listUsers = (ctx: AppContext, query: UsersQuery): Promise<ListAnswer<AdminUser>> =>
  userList(ctx.db, query, ctx.now());
