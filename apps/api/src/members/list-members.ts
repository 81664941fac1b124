import type { AdminMember, MembersQuery } from '@portal/contract';
import type { AppContext } from '../context';
import type { ListAnswer } from '../shared/list-reply';
import { memberList } from './queries';

/** The Members list: a page, or with `format=csv` the whole filtered list in the same order. */
export const listMembers = (ctx: AppContext, query: MembersQuery): Promise<ListAnswer<AdminMember>> =>
  memberList(ctx.db, query, ctx.now());
