import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from './url-check';

/** One attempt's time limit, connection to last byte. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of an answer's body the log keeps. */
export const BODY_SNIPPET = 1000;

export interface PostAnswer {
  status: number;
  /** The body's first BODY_SNIPPET characters. */
  body: string;
}

/** Connects to the address checked (url-check.ts) whatever the name resolves to now; TLS still checks the name. */
function pinnedLookup(target: CheckedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** POSTs `body` to the checked URL; answers the status and the body's start, or throws (refused, timed out). Redirects are not followed. */
export function postWebhook(
  target: CheckedUrl,
  headers: Record<string, string>,
  body: string,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<PostAnswer> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(target),
        // A connection of its own: never one kept alive to whatever address another attempt was pinned to.
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < BODY_SNIPPET) text += chunk;
          else response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, body: text.slice(0, BODY_SNIPPET) });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}
