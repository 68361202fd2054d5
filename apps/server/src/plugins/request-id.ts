import fp from 'fastify-plugin';
import { newId } from '../db/ids';

/**
 * Every request gets an id of ours (nothing from the client is trusted: Fastify's `requestIdHeader` is off).
 * Fastify puts it in every log line of the request as `reqId`; the client gets it back as X-Request-Id so
 * a user's report can be matched with the log.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

export function generateRequestId(): string {
  return newId();
}

export const requestIdPlugin = fp(
  async (app) => {
    // Callback-style hooks (here and in the other plugins) skip a promise per hook on every request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'lintel-request-id' },
);
