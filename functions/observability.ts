/**
 * One place that logs. Unexpected errors are logged once with the request id; 24-character
 * identifiers in messages are tagged as ids (SPEC §8) so log search can group them.
 */
export function requestIdOf(request: Request): string {
  return request.headers.get("cf-ray") ?? request.headers.get("x-request-id") ?? crypto.randomUUID();
}

const ID_PATTERN = /\b[0-9a-zA-Z]{24}\b/g;

export function logError(error: unknown, fields: Record<string, unknown>): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    JSON.stringify({
      level: "error",
      message: message.replace(ID_PATTERN, (id) => `id:${id}`),
      stack: error instanceof Error ? error.stack : undefined,
      ...fields,
    }),
  );
}
