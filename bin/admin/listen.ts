import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { NotificationType } from '../../functions/core/webhooks/notification-types';

/** Headers a proxy must not pass on: they describe the hop, not the delivery. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

export interface ListenOptions {
  accountId: string;
  forwardTo: string;
  /** The platform's published signing keys, which every delivery is checked against. */
  jwksUrl: string;
  types: NotificationType[];
  port?: number;
  json: boolean;
  subscribe(url: string): Promise<{ id: string }>;
  unsubscribe(webhookId: string): Promise<void>;
}

/** One line per event: what arrived and what the forward target answered. */
function line(
  options: ListenOptions,
  fields: {
    type?: string;
    eventId?: string;
    verified: boolean;
    verifyError?: string;
    status?: number;
    error?: string;
    durationMs: number;
  },
): string {
  const at = new Date().toISOString();
  if (options.json) return JSON.stringify({ at, ...fields, forwardedTo: options.forwardTo });
  const answer = fields.status !== undefined ? `[${fields.status}]` : `[error: ${fields.error}]`;
  const signature = fields.verified ? 'signature verified' : `signature NOT verified: ${fields.verifyError}`;
  return (
    `${at}  --> ${fields.type ?? '?'} [${fields.eventId ?? '?'}] ${signature}  <-- ${answer} ` +
    `POST ${options.forwardTo} (${fields.durationMs} ms)`
  );
}

/**
 * What a receiver must check (docs/api/webhooks.md): the ES256 JWT of `Authorization` against the
 * platform's JWKS, for this receiver's URL, over these exact bytes. Undefined when it holds; else why not.
 */
async function signatureProblem(
  keys: ReturnType<typeof createRemoteJWKSet>,
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<string | undefined> {
  const token = headers.authorization?.replace(/^Bearer\s+/i, '');
  if (!token) return 'no Authorization header';
  try {
    const { payload } = await jwtVerify(token, keys, { audience: url });
    const digest = createHash('sha256').update(body).digest('hex');
    return payload.request_body_sha256 === digest ? undefined : 'request_body_sha256 does not match the body';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * `npm run admin -- listen`: what `stripe listen` does, against this platform's own state. Serves a
 * receiver on 127.0.0.1, subscribes it as a temporary webhook endpoint of the account, and forwards
 * each signed delivery (body and headers as sent) to `forwardTo`, printing one line per event. The
 * platform gets the forward target's answer, so a failing target is retried on the account's schedule
 * (and its test clock). Unsubscribes on SIGINT / SIGTERM. Deliveries are signed for the receiver's
 * URL (`aud`), printed at start: a target verifying `aud` expects that URL while listening. Each line
 * says whether the delivery's signature verified against the platform's JWKS.
 */
export async function listen(options: ListenOptions): Promise<{ webhookId: string; url: string; forwarded: number }> {
  let forwarded = 0;
  const keys = createRemoteJWKSet(new URL(options.jwksUrl));
  let url = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      let event: { id?: string; type?: string } = {};
      try {
        event = JSON.parse(body.toString('utf8')) as typeof event;
      } catch {
        // forwarded as received all the same
      }
      const verifyError = await signatureProblem(keys, url, req.headers, body);
      const verification = { verified: verifyError === undefined, ...(verifyError ? { verifyError } : {}) };
      const started = Date.now();
      try {
        const answer = await fetch(options.forwardTo, {
          method: 'POST',
          headers: forwardable(req.headers),
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(9_000),
        });
        await answer.arrayBuffer();
        forwarded++;
        console.log(
          line(options, {
            type: event.type,
            eventId: event.id,
            ...verification,
            status: answer.status,
            durationMs: Date.now() - started,
          }),
        );
        res.writeHead(answer.status).end();
      } catch (error) {
        const reason = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
        console.log(
          line(options, {
            type: event.type,
            eventId: event.id,
            ...verification,
            error: reason,
            durationMs: Date.now() - started,
          }),
        );
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve),
  );
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/listen`;
  const webhook = await options.subscribe(url);
  const ready =
    `Ready: forwarding ${options.types.join(', ')} events of ` + `account ${options.accountId} to ${options.forwardTo}`;
  console.log(
    options.json
      ? JSON.stringify({ ready: true, webhookId: webhook.id, url, types: options.types, forwardTo: options.forwardTo })
      : `${ready}\n  temporary endpoint ${webhook.id} at ${url} (the aud deliveries are signed for); Ctrl-C to stop`,
  );

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await options.unsubscribe(webhook.id);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { webhookId: webhook.id, url, forwarded };
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
