import type { unmarshallOptions } from '@aws-sdk/util-dynamodb';
import { sdkClient } from '../observability';
import { DocumentClient, type TranslateConfig } from './document';
import { DynamoDb } from './dynamodb';
import { gateWrites } from './write-gate';

type ClientHook = (client: DynamoDb) => void;
/**
 * Kept on globalThis: the local platform attaches its hooks once, and they reach the clients of the
 * group bundles it also serves (bin/local/bundles.ts), each of which carries its own copy of this module.
 */
const shared = globalThis as { [key: symbol]: ClientHook[] | undefined };
const HOOKS = Symbol.for('payments.dynamodb-client-hooks');
shared[HOOKS] ??= [];
const hooks: ClientHook[] = shared[HOOKS];

/** Instrumentation (benchmarks) and fault injection (reliability tests) attach here, to every client. */
export function onDynamoDbClient(hook: ClientHook): void {
  hooks.push(hook);
}

/** How db() reads numbers: as JS numbers. */
export const DB_READ: unmarshallOptions = { wrapNumbers: false };
/** How balances are read (ledger/ledger-db.ts, the bench's read-back): numbers as NumberValue, exact beyond 2^53. */
export const EXACT_READ: unmarshallOptions = { wrapNumbers: true };

/** A low-level client with the write gate and the hooks: what every document client wraps. */
function lowLevelClient(): DynamoDb {
  const raw = sdkClient(new DynamoDb());
  gateWrites(raw);
  for (const hook of hooks) hook(raw);
  return raw;
}

/** A document client over its own low-level client (the ledger's, whose numbers are read exactly). */
export function documentClient(translate: TranslateConfig): DocumentClient {
  return new DocumentClient(lowLevelClient(), translate);
}

let defaultRaw: DynamoDb | undefined;
let defaultClient: DocumentClient | undefined;

/**
 * The low-level client under db(): item reads (db/batch.ts) send their own commands through it, which the document
 * client's translation never touches, so they share its connections.
 */
export const rawDb = (): DynamoDb => (defaultRaw ??= lowLevelClient());

/** The document client for everything but balances (see ledger/ledger-db.ts). */
export function db(): DocumentClient {
  defaultClient ??= new DocumentClient(rawDb(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: DB_READ,
  });
  return defaultClient;
}
