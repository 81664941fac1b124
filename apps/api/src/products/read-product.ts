import type { AppContext } from '../context';
import { productOf } from './rows';

export const readProduct = (ctx: AppContext, id: number) => productOf(ctx.db, id);
