import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request at info, written when it is answered: the request (method, path,
 * client), the status and the time taken. Fastify's own line on arrival moves to debug, where
 * it still shows a request that is in flight; at info it doubled every request and pushed the
 * start-up banner out of sight.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
