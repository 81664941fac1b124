import type { AppContext } from '../context';
import { readSettings } from './in-force';

export const readCurrentSettings = (ctx: AppContext) => readSettings(ctx.db);
