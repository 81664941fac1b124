import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { liveHubOf } from './live-hub';

/** A comment this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long: the browser reconnects with its current access token (a session ended since is refused then). */
const STREAM_MS = 10 * 60_000;

/**
 * `/api/notifications/stream`: server-sent events for the signed-in account, `notification` with the id of each
 * new one (the page then reads the list again). Written straight to the socket: not compressed, not buffered by
 * a proxy that honours `X-Accel-Buffering` (docs/operations.md, behind nginx).
 */
export function streamNotifications(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const hub = liveHubOf(ctx);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  raw.write('retry: 3000\n\n');
  let ended = false;
  const stopListening = hub.listen(userId, (id) => raw.write(`event: notification\ndata: {"id":${id}}\n\n`));
  const heartbeat = setInterval(() => raw.write(': still here\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(limit);
    stopListening();
    forget();
    raw.end();
  };
  const limit = setTimeout(end, STREAM_MS);
  const forget = hub.onClose(end);
  request.raw.on('close', end);
}
