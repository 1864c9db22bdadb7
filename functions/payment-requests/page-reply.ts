import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * What a page route of this group answers beyond core's HTML response (200, a fixed CSP): its own
 * status (404 page, 303 after a form) and headers (the CSP with this response's nonce, Location).
 * An operation returns its HTML as usual and calls `replyWith`; the group's Lambda entry, wrapped
 * by `withPageReplies`, applies it to the response core built. Only a successful HTML response is
 * changed: an operation that threw still answers core's JSON error.
 */
interface PageReply {
  statusCode?: number;
  headers: Record<string, string>;
}

const replies = new AsyncLocalStorage<PageReply>();

export function replyWith(reply: { statusCode?: number; headers?: Record<string, string> }): void {
  const current = replies.getStore();
  if (!current) throw new Error('page routes need the group handler wrapped by withPageReplies');
  if (reply.statusCode !== undefined) current.statusCode = reply.statusCode;
  Object.assign(current.headers, reply.headers ?? {});
}

type Handler<Args extends unknown[]> = (...args: Args) => Promise<APIGatewayProxyStructuredResultV2>;

export function withPageReplies<Args extends unknown[]>(handler: Handler<Args>): Handler<Args> {
  return (...args) => {
    const reply: PageReply = { headers: {} };
    return replies.run(reply, async () => {
      const result = await handler(...args);
      const html = String(result.headers?.['content-type'] ?? '').startsWith('text/html');
      if (result.statusCode !== 200 || !html) return result;
      return { ...result, statusCode: reply.statusCode ?? result.statusCode, headers: { ...result.headers, ...reply.headers } };
    });
  };
}
