import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@lintel/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages: `lang` query parameter, else Accept-Language, else zh-CN. */
    language: Language;
  }
}

export function languageOf(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = query && typeof query.lang === 'string' ? query.lang : undefined;
  return normalizeLanguage(lang ?? request.headers['accept-language']);
}

/**
 * Reads the language once per request, then removes `lang` from the query: every route's strict querystring
 * schema would otherwise refuse it as an unknown field.
 */
export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = languageOf(request);
      const query = request.query as Record<string, unknown> | undefined;
      if (query && Object.hasOwn(query, 'lang')) delete query.lang;
      done();
    });
  },
  { name: 'lintel-language' },
);
