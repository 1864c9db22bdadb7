import { invalidRequest } from '../core/errors/classes';
import { INTEGRATION_TYPES } from '../integration-requests';
import type { ManagedIntegrationType } from './schemas';

/**
 * The `params` each managed integration type takes (docs/api/integrations.md#managed-integrations), checked here
 * because the type comes from the path: a body schema cannot choose by it. A record is built from
 * the listed fields only; anything else sent is ignored. Every breach is 400 INVALID_PARAMS with
 * the field named in `reason`.
 */
type Field =
  | { kind: 'text'; required?: true; maxLength: number; pattern?: RegExp; oneOf?: readonly string[] }
  | { kind: 'list'; maxItems: number; items: Shape; uniqueBy: string };
type Shape = Readonly<Record<string, Field>>;

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const ID = /^[A-Za-z0-9_-]+$/;
const text = (maxLength = 128, extra: { pattern?: RegExp; oneOf?: readonly string[] } = {}): Field => ({
  kind: 'text',
  maxLength,
  ...extra,
});
const required = (field: Field): Field => ({ ...field, required: true }) as Field;
const email = () => text(254, { pattern: EMAIL });

const TERMINAL: Shape = {
  provider: required(text(32, { oneOf: INTEGRATION_TYPES })),
  terminalId: required(text()),
  kitId: required(text()),
  reseller: text(),
  kitType: text(),
};

const PARTNER_MERCHANT: Shape = {
  partnerMerchantId: required(text()),
  merchantName: required(text()),
  merchantStreetNumberName: required(text()),
  merchantSuburb: required(text()),
  merchantTown: required(text()),
  merchantCountry: required(text()),
  merchantPostCode: required(text(16)),
  merchantCategoryCode: text(8),
  settlementAcct: required(text(32)),
  chargeAcct: text(32),
  merchantContactName: required(text()),
  merchantEmail: required(email()),
  merchantContactNumber: text(32),
  terminals: { kind: 'list', maxItems: 10, items: TERMINAL, uniqueBy: 'terminalId' },
};

const PARAMS: Readonly<Record<ManagedIntegrationType, Shape>> = {
  // The platform's merchant to refer to the payment processor, and whom the referral goes to.
  'payment-referral': {
    platformMerchantId: required(text(64, { pattern: ID })),
    email: required(email()),
  },
  'partner-business': {
    partnerBusinessId: required(text()),
    nzbn: text(16),
    companyName: required(text()),
    tradingName: text(),
    entityType: text(64),
    businessStreetNumberName: text(),
    businessSuburb: text(),
    businessTown: text(),
    businessCountry: text(),
    businessPostCode: text(16),
    primaryContactName: required(text()),
    primaryContactEmail: required(email()),
    merchants: { kind: 'list', maxItems: 20, items: PARTNER_MERCHANT, uniqueBy: 'partnerMerchantId' },
  },
};

const invalid = (reason: string) => invalidRequest('INVALID_PARAMS', { reason });

/** The params of the type, as a record of the listed fields; throws INVALID_PARAMS. */
export function checkParams(type: ManagedIntegrationType, params: Record<string, unknown>): Record<string, unknown> {
  return checkShape(PARAMS[type], params, 'params');
}

function checkShape(shape: Shape, value: unknown, path: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${path} must be an object`);
  const record: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const given = (value as Record<string, unknown>)[name];
    const at = `${path}.${name}`;
    if (given === undefined) {
      if (field.kind === 'text' && field.required) throw invalid(`${at} is required`);
      continue;
    }
    record[name] = field.kind === 'text' ? checkText(field, given, at) : checkList(field, given, at);
  }
  return record;
}

function checkText(field: Extract<Field, { kind: 'text' }>, value: unknown, at: string): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${at} must be a non-empty string`);
  if (value.length > field.maxLength) throw invalid(`${at} must be at most ${field.maxLength} characters`);
  if (field.pattern && !field.pattern.test(value)) throw invalid(`${at} has an invalid format`);
  if (field.oneOf && !field.oneOf.includes(value)) throw invalid(`${at} must be one of: ${field.oneOf.join(', ')}`);
  return value;
}

function checkList(field: Extract<Field, { kind: 'list' }>, value: unknown, at: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw invalid(`${at} must be an array`);
  if (value.length > field.maxItems) throw invalid(`${at} must have at most ${field.maxItems} items`);
  const items = value.map((item, i) => checkShape(field.items, item, `${at}.${i}`));
  const keys = items.map((item) => item[field.uniqueBy]);
  const repeated = keys.findIndex((key, i) => keys.indexOf(key) !== i);
  if (repeated >= 0) throw invalid(`${at}.${repeated}.${field.uniqueBy} repeats another item's`);
  return items;
}
