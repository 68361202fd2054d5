import { stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiPath } from './api-path';
import { AppError } from './app-error';

export const NOT_BUILT_MESSAGE =
  'The Lintel web app is not built: run `npm run build` in the repository (or set WEB_DIST to a built web app).\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Vite puts content-hashed files under assets/: they never change. Everything else is revalidated. */
export function cacheControlFor(webDist: string, filePath: string): string {
  const path = relative(webDist, filePath).split(sep).join('/');
  return path.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from WEB_DIST with history fallback: a GET or HEAD outside /api that names no file
 * answers index.html, so deep links such as /e/123 load the app. Unknown /api paths (any method) answer a
 * JSON 404 instead. This plugin owns the app's not-found handler for that reason.
 */
export const staticWebPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isApiPath(pathname),
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(webDist, filePath)),
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw new AppError(404, 'common.notFound');
      }
      // A missing hashed asset is a stale page asking for an old build: answering HTML would break it in
      // confusing ways (a script that is HTML), so it gets a plain 404.
      if (path.startsWith('/assets/')) throw new AppError(404, 'common.notFound');
      if (!(await isFile(join(webDist, 'index.html')))) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .send(NOT_BUILT_MESSAGE);
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'lintel-static-web' },
);
