import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@portal/contract';

/**
 * For an answer many requests share (the admin dashboard's single-flight read, dashboard/read-admin-dashboard.ts): its JSON text
 * made once per answer, by the compiler every route's serializer is made with (app.ts), and given to each reply that
 * sends it, so a burst of views encodes and writes the figures once instead of once per view.
 */
export function sharedAnswer<E extends Endpoint & { answer: z.ZodType }>(endpoint: E) {
  const serialize = serializerCompiler({ schema: endpoint.answer, method: endpoint.method, url: endpoint.path });
  // The last answer sent and its text, kept by the route this is made for (once per app): the requests that share a
  // read hold the same object, and a new read (a new object) replaces it, since reads never overlap.
  let last: { answer: object; text: string } | undefined;
  return <A extends z.output<E['answer']> & object>(reply: FastifyReply, answer: A): A => {
    if (last?.answer !== answer) last = { answer, text: serialize(answer) };
    const sent = last.text;
    // A reply with its own serializer gets no content type from Fastify: the one its JSON answers carry.
    reply.type('application/json; charset=utf-8').serializer(() => sent);
    return answer;
  };
}
