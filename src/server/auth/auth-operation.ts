/** The OpenAPI description of one auth operation (all filed under the `auth` tag). */
export const op = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description,
  tags: ['auth'],
});
