import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../shared/session/instance';
import { notificationKeys } from './api';

/** Waits before reconnecting: from 1 s, doubling to 30 s while the stream keeps failing. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
// API_BASE_URL (shared/api/client.ts) written out: importing the constant made the sign-in page's download keep it
// as a variable, bytes over its budget (e2e/sign-in-weight.spec.ts).
const STREAM_URL = '/api/notifications/stream';

/**
 * Keeps the bell live: reads `/api/notifications/stream` (server-sent events, through `fetch` so that the access
 * token goes in a header, never in a URL) and reads the bell again at each `notification`. When the stream ends
 * (it does every 10 minutes) or fails, it reconnects with the session's current token; the list's own polling
 * covers the time between.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let wait = RETRY_MIN_MS;
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.all });

    const follow = async () => {
      const token = session.accessToken;
      if (!token) return;
      const res = await fetch(STREAM_URL, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: stop.signal,
      });
      if (!res.ok || !res.body) return;
      wait = RETRY_MIN_MS;
      // Anything written while the stream was away.
      refresh();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let buffered = ''; ;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        const events = buffered.split('\n\n');
        buffered = events.pop() ?? '';
        if (events.some((event) => event.split('\n').includes('event: notification'))) refresh();
      }
    };

    const run = async () => {
      while (!stop.signal.aborted) {
        await follow().catch(() => undefined);
        if (stop.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
    };
    void run();
    return () => stop.abort();
  }, [client]);
}
