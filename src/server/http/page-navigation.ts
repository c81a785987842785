import type { FastifyRequest } from 'fastify';

/** Paths that machines call (JSON answers only), however they are spelled (`/%61pi/...`). */
export function isMachinePath(rawPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(rawPath.split('?')[0]!);
  } catch {
    return true; // malformed: answered as an API error, never as a page
  }
  return /^\/+(?:api|auth(?!\/callback$)|docs|healthz)(?:[/?]|$)/.test(path);
}

/** A browser loading a page (not a script, an image or a fetch). */
export const isPageNavigation = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers['sec-fetch-mode'] === 'navigate' ||
    (request.headers.accept ?? '').includes('text/html'));
