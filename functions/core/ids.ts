import { createHash, randomBytes } from 'node:crypto';
import { badRequest } from './errors/classes';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ID_LENGTH = 22;

/** Prefixes fixed by the specification; entities not listed use unprefixed ids. */
export const ID_PREFIX = {
  tokenCollection: 'c',
  assetProgram: 'ap',
  assetProgramMembership: 'apm',
  assetProgramConfig: 'apc',
  merchantConfig: 'mc',
  paymentLink: 'pl',
  salesChannel: 'sc',
  connection: 'cn',
  webhook: 'wh',
  webhookDelivery: 'whd',
} as const;

export type PrefixedEntity = keyof typeof ID_PREFIX;

/** 22 base58 characters (~128 bits) from the CSPRNG; rejection sampling keeps them uniform. */
export function randomBase58(length = ID_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 232) out += BASE58[byte % 58];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(entity?: PrefixedEntity): string {
  const random = randomBase58();
  return entity ? `${ID_PREFIX[entity]}_${random}` : random;
}

/**
 * The same id for the same inputs (22 base58 characters of their SHA-256): for records that a
 * repeated message must find again instead of creating twice.
 */
export function derivedId(entity: PrefixedEntity | undefined, ...parts: string[]): string {
  let value = BigInt(`0x${createHash('sha256').update(parts.join('\n')).digest('hex')}`);
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) {
    out += BASE58[Number(value % 58n)];
    value /= 58n;
  }
  return entity ? `${ID_PREFIX[entity]}_${out}` : out;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Rejects ids of the wrong shape or prefix at once (400), before any lookup. */
export function assertId(field: string, value: string, entity?: PrefixedEntity): void {
  if (!ID_PATTERN.test(value)) throw badRequest(`${field} is not a valid id`);
  if (entity && !value.startsWith(`${ID_PREFIX[entity]}_`)) {
    throw badRequest(`${field} must start with ${ID_PREFIX[entity]}_`);
  }
}
