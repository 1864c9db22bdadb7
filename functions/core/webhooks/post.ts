import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkTargetShape, guardedLookup } from './target-guard';

/** A receiver that has not answered by then counts as a failed attempt. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export type PostOutcome = { statusCode: number } | { error: string };

/**
 * POSTs a JSON body to a receiver through the target guard (URL shape here, resolved addresses in
 * the connection's own lookup). Redirects are not followed: a 3xx is an answer like any other.
 * Resolves with the status as soon as it arrives; never rejects.
 */
export function postJson(url: string, body: string, headers: Record<string, string>): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = checkTargetShape(url);
    } catch (error) {
      return resolve({ error: `target refused: url ${(error as Error).message}` });
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup,
      // A connection per attempt: receivers are arbitrary hosts, nothing is gained by pooling.
      agent: false,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      // The status is the answer; the body is drained, and a body cut short by the timeout is no error.
      response.on('error', () => undefined).resume();
      resolve({ statusCode: response.statusCode ?? 0 });
    });
    request.on('error', (error) => {
      const reason =
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `timed out after ${ATTEMPT_TIMEOUT_MS} ms`
          : error.message;
      resolve({ error: error.name === 'TargetRefusedError' ? `target refused: url ${reason}` : reason });
    });
    request.end(body);
  });
}
