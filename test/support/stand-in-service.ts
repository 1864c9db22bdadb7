import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in received it, its body read whole (as bytes, and as UTF-8 text). */
export interface StandInRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** What the stand-in answers: a status, a body (a string or bytes as they are, anything else as JSON) and headers. */
export interface StandInAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A local HTTP server standing in for an AWS service in unit tests of our own clients: each request is read whole
 * and answered by `answer`. Resolves to its URL (for an AWS_ENDPOINT_URL_* variable) and a way to close it.
 */
export async function standInService(
  answer: (request: StandInRequest) => StandInAnswer,
): Promise<{ url: string; close: () => void }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = Buffer.concat(chunks);
      const { status, body, headers } = answer({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: received,
        text: received.toString(),
      });
      response
        .writeHead(status, headers)
        .end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
