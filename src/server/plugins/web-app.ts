import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webRoutePaths, webRoutes } from '../../contract/web-routes';
import { isMachinePath, isPageNavigation } from '../http/page-navigation';

/**
 * Serves the built web app: hashed assets with a long cache, index.html for the app's own routes
 * only. Everything else is a 404 (JSON for /api and /auth, so API clients never get HTML).
 * Assets go out as the .br or .gz copy the build wrote beside them (vite.config.ts) when the
 * browser accepts it, so what /login downloads is the compressed size.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
): Promise<void> {
  const indexPath = webDir ? join(webDir, 'index.html') : undefined;
  const hasBuild = indexPath !== undefined && existsSync(indexPath);
  if (webDir && hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      // One GET /* route: a missing file falls through to the not-found handler below.
      wildcard: true,
      setHeaders: (res, path) => {
        if (path.includes(`${join(webDir, 'assets')}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasBuild ? () => readFileSync(indexPath, 'utf8') : undefined;

  // The app's pages, exact match only (the spec's route table); the browser router takes over.
  for (const path of webRoutePaths) {
    app.get(path, { schema: { hide: true } }, (request, reply) => {
      if (!indexHtml) {
        return reply
          .code(503)
          .type('text/plain')
          .send(
            'The web app has not been built yet. Run `npm run build` (npm start does it for you).',
          );
      }
      if (path === webRoutes.login)
        reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      if (path === webRoutes.resetPassword) reply.header('Referrer-Policy', 'no-referrer');
      return reply
        .code(200)
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml());
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A browser that navigates to an unknown page gets the app, whose router shows its 404 page
    // (navbar and a link home); API clients under /api and /auth always get JSON.
    if (indexHtml && isPageNavigation(request) && !isMachinePath(path)) {
      return reply
        .code(404)
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml());
    }
    return reply
      .code(404)
      .send({ code: 'HTTP.NOT_FOUND', message: `No such resource: ${request.method} ${path}` });
  });
}
