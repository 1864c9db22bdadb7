import type { FromSchema } from 'json-schema-to-ts';
import { patronCode } from './schemas';
import { defineEntity } from '../core/db/entity';

/**
 * The patron-codes group's entities: each owns its keys, stamps what it writes with its type and
 * schema version and parses what is read back (core/db/entity.ts). One table holds every group's
 * entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - patron code: PK PATRONCODE#<id>, SK PATRONCODE
 *   serves: get a code
 * - barcode guard: PK BARCODE#<barcode>, SK BARCODE
 *   serves: unique barcodes; lookup by barcode
 * - external id guard: PK PATRONCODEEXT#<accountId>#<namespace>#<externalId>, SK PATRONCODEEXT
 *   serves: unique external ids; lookup
 */

export type PatronCode = FromSchema<typeof patronCode>;
/** Stored form: a version for conditional metadata writes. */
export type StoredPatronCode = PatronCode & { version: number };

const patronCodeKey = (id: string) => ({ PK: `PATRONCODE#${id}`, SK: 'PATRONCODE' });

export const patronCodeEntity = defineEntity<StoredPatronCode, [id: string]>({
  type: 'patron-code',
  version: 1,
  key: patronCodeKey,
  keyOf: (c) => patronCodeKey(c.id),
  required: [...patronCode.required, 'version'],
});

/** A guard item: what makes a barcode unique and finds its code. */
export interface BarcodeGuard {
  barcode: string;
  patronCodeId: string;
}

const barcodeKey = (barcode: string) => ({ PK: `BARCODE#${barcode}`, SK: 'BARCODE' });

export const barcodeGuardEntity = defineEntity<BarcodeGuard, [barcode: string]>({
  type: 'patron-code-barcode',
  version: 1,
  key: barcodeKey,
  keyOf: (g) => barcodeKey(g.barcode),
  required: ['barcode', 'patronCodeId'],
});

/** A guard item: what makes an account's (namespace, external id) unique and finds its code. */
export interface ExternalIdGuard {
  accountId: string;
  namespace: string;
  externalId: string;
  patronCodeId: string;
}

const externalIdKey = (accountId: string, namespace: string, externalId: string) => ({
  PK: `PATRONCODEEXT#${accountId}#${namespace}#${externalId}`,
  SK: 'PATRONCODEEXT',
});

export const externalIdGuardEntity = defineEntity<
  ExternalIdGuard,
  [accountId: string, namespace: string, externalId: string]
>({
  type: 'patron-code-external-id',
  version: 1,
  key: externalIdKey,
  keyOf: (g) => externalIdKey(g.accountId, g.namespace, g.externalId),
  required: ['accountId', 'namespace', 'externalId', 'patronCodeId'],
});
