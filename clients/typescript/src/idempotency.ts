/** Longest `Idempotency-Key` the platform accepts (the document's header parameter says the same). */
const MAX_KEY_LENGTH = 255;

/**
 * `params.header` for a money command that takes an `Idempotency-Key` header (void, release, funds transfers): the
 * generated types accept it only on those operations. Keep the key and send it again to retry the same command;
 * the platform then applies it once and answers the first response (see {@link wasReplayed}).
 */
export function idempotencyHeader(key: string = globalThis.crypto.randomUUID()): { 'Idempotency-Key': string } {
  if (!key || key.length > MAX_KEY_LENGTH)
    throw new RangeError(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  return { 'Idempotency-Key': key };
}

/** Whether the platform answered a retried command with its first response (`Idempotent-Replayed: true`). */
export const wasReplayed = (response: Response): boolean => response.headers.get('idempotent-replayed') === 'true';
