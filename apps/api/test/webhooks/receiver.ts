import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on a free port of this machine (no mock): it records
 * every request and answers `status` (changeable between attempts).
 */
export async function startReceiver(status = 200): Promise<{
  url: string;
  received: Received[];
  answer(status: number): void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let answerWith = status;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answerWith, { 'content-type': 'text/plain' });
      response.end(answerWith < 300 ? 'ok' : `receiver says ${answerWith}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (next) => (answerWith = next),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Verifies a request as a receiver would, from the Standard Webhooks text alone (not the portal's code):
 * the key is the base64 after `whsec_`; the signed content is `id.timestamp.body`; the header is `v1,<base64>`.
 */
export function verifySignature(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return String(request.headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
