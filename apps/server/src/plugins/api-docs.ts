import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@lintel/contracts/system';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_CSP } from './security-headers';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3 generated from the routes' zod schemas, at /api/docs/json, browsable at /api/docs. Swagger UI's
 * files come from its npm package through our own server (no CDN). Register before the modules: the
 * document is collected as routes are added.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lintel API',
          version: APP_VERSION,
          description:
            'Errors are `{ code, key, message, details? }` in the language of `lang` or Accept-Language.',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP,
      uiConfig: { deepLinking: true, validatorUrl: null },
    });
  },
  { name: 'lintel-api-docs' },
);
