import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf, principalOf } from '../platform/http/guard';
import { applyDueChanges } from '../pending-changes';
import { readSettings } from '../settings/in-force';
import { isTwoFactorEnabled } from '../two-factor/codes';
import { forbidden } from '../shared/errors';
import { cancelChange, confirmChange } from './decide';
import { goLive, launchState } from './launch';
import { changeRow, listChanges, toChange } from './store';

/** `/api/admin/changes`, `/api/admin/portal/live` (docs/decisions/0052-four-eyes-and-a-delay.md). */
export function changeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A read that finds a change due puts it in force first, as the job does.
    route(app, endpoints.changes.adminList, {}, async () => {
      await applyDueChanges(ctx);
      const [launch, settings, changes] = await Promise.all([
        launchState(ctx.db),
        readSettings(ctx.db),
        listChanges(ctx.db),
      ]);
      return { launch, delayHours: settings.changeDelayHours, changes };
    });

    // The second pair of eyes is an admin with two-factor on, whatever `adminsRequireTwoFactor` says.
    const confirmerTwoFactor = async (request: Parameters<typeof principalOf>[0]) => {
      if (await isTwoFactorEnabled(ctx.db, principalOf(request).userId)) return;
      throw forbidden(
        'TWO_FACTOR_REQUIRED',
        'Confirming a change needs two-factor sign-in. Turn it on under Account settings → Security, then try again.',
      );
    };
    route(app, endpoints.changes.adminConfirm, { preHandler: confirmerTwoFactor }, async (request) => {
      const confirmed = await confirmChange(ctx, actorOf(request), request.params.id);
      // Confirmed after its delay ran out: it takes effect now.
      if ((await applyDueChanges(ctx)) === 0) return confirmed;
      return toChange((await changeRow(ctx.db, confirmed.id))!);
    });

    route(app, endpoints.changes.adminCancel, {}, async (request) =>
      cancelChange(ctx, actorOf(request), request.params.id),
    );

    route(app, endpoints.changes.adminGoLive, {}, async (request) => goLive(ctx, actorOf(request)));
  };
}
