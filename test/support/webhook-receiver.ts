import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { api, platformUrl, seed, type Json } from './api';

/** One request a receiver got, with what verifying its JWT against the platform's JWKS found. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: Json;
  /** Status the receiver answered with. */
  answered: number;
  /** The verified claims, or why verification failed. */
  claims?: JWTPayload & Record<string, unknown>;
  kid?: string;
  verifyError?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests answered 2xx have arrived (or rejects after `timeoutMs`). */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Where the JWT travels: legacy webhooks post `{token}`, notifications carry `Authorization`. */
function tokenOf(headers: Record<string, string | string[] | undefined>, body: unknown): string | undefined {
  const header = headers.authorization;
  if (typeof header === 'string' && header) return header.replace(/^Bearer\s+/i, '');
  return typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
    ? body.token
    : undefined;
}

async function verify(token: string, url: string, rawBody: string, legacy: boolean) {
  const jwks = (await fetch(`${platformUrl()}/api/.well-known/jwks.json`).then((r) => r.json())) as JSONWebKeySet;
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), legacy ? {} : { audience: url });
  if (!legacy) {
    const expected = createHash('sha256').update(rawBody).digest('hex');
    if (payload.request_body_sha256 !== expected) throw new Error('request_body_sha256 does not match the body');
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number' || payload.exp - payload.iat !== 300) {
      throw new Error('exp must be iat + 300');
    }
  }
  return payload as JWTPayload & Record<string, unknown>;
}

/**
 * A real HTTP receiver on 127.0.0.1. `answers` are the statuses it gives in turn (the last one
 * repeats), so a test can fail deliveries and watch them retried. Every JWT is verified.
 */
export async function startWebhookReceiver(answers: number[] = [200]): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
      const answered = answers[Math.min(turn++, answers.length - 1)];
      const entry: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers, rawBody, body, answered };
      const token = tokenOf(req.headers, body);
      try {
        if (!token) throw new Error('no JWT in the request');
        entry.kid = decodeProtectedHeader(token).kid;
        entry.claims = await verify(
          token,
          url + (req.url === '/' ? '' : (req.url ?? '')),
          rawBody,
          !req.headers.authorization,
        );
      } catch (error) {
        entry.verifyError = (error as Error).message;
      }
      received.push(entry);
      res.writeHead(answered, { 'content-type': 'application/json' }).end('{}');
      const accepted = received.filter((r) => r.answered < 300).length;
      for (const waiter of waiters.splice(0)) {
        if (accepted >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    received,
    waitForAccepted(count, timeoutMs = 30_000) {
      const accepted = () => received.filter((r) => r.answered < 300);
      if (accepted().length >= count) return Promise.resolve(accepted());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${accepted().length} of ${count} webhooks accepted in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(accepted());
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Starts receivers for one test file and closes them all once it is done (registers an afterAll). */
export function receiversOfThisFile(): (answers?: number[]) => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterAll(() => Promise.all(started.map((r) => r.close())));
  return async (answers) => {
    const receiver = await startWebhookReceiver(answers);
    started.push(receiver);
    return receiver;
  };
}

/** Subscribes an endpoint of an account to notification types, as the operator (who alone registers webhooks). */
export async function subscribeWebhook(accountId: string, url: string, types: string[]): Promise<void> {
  const res = await api('POST', `/api/accounts/${accountId}/webhooks`, {
    key: seed().operatorApiKey,
    body: { url, types },
  });
  expect(res.status).toBe(200);
}
