import type { FastifyInstance } from 'fastify';

/**
 * application/json as Fastify reads it (a `__proto__` or `constructor.prototype` key refused),
 * except that an empty body is `{}`: the spec's client sends the JSON content type with no body
 * (userInfo, logout), and a route then checks `{}` like any body it is sent.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else void parseJson(request, String(body), done);
  });
}
