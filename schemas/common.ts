/** Building blocks shared by resource and request schemas. */
import { ID_KINDS, type IdKindName } from '../functions/core/ids';

export const timestamp = { type: 'string', format: 'date-time', maxLength: 30 } as const;
export const crn = { type: 'string', pattern: '^crn:', maxLength: 256 } as const;

type IdSchema<K extends IdKindName> = {
  readonly type: 'string';
  readonly maxLength: (typeof ID_KINDS)[K]['maxLength'];
  readonly pattern: (typeof ID_KINDS)[K]['pattern'];
};
const idSchemas = new Map<IdKindName, object>();
/**
 * The schema of an id of that kind (core/ids.ts ID_KINDS, where each kind is defined once): one object
 * per kind, so the generated validators compile it once (bin/build-validators.ts hoists shared objects).
 */
export function idOf<K extends IdKindName>(kind: K): IdSchema<K> {
  if (!idSchemas.has(kind))
    idSchemas.set(kind, { type: 'string', maxLength: ID_KINDS[kind].maxLength, pattern: ID_KINDS[kind].pattern });
  return idSchemas.get(kind) as IdSchema<K>;
}
/**
 * Any id the platform answers with (prefixed or not, user ids): for resource schemas. Requests name
 * each id by its kind (`idOf`).
 */
export const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** A reference the client chooses (externalRef, invoiceRef, …): printable text, bounded. */
export const reference = idOf('reference');
/**
 * The public URL of a branding-logo upload's image (`GET /media/{mediaUploadId}`, docs/api/media-uploads.md): a
 * record derives it from the upload it names, so patrons without a key can show the logo.
 */
export const imageUrl = { type: 'string' } as const;
/** A branded record's logo as it serves it: the branding-logo upload it names and the image URL derived from it. */
export const imageFields = { mediaUploadId: { type: 'string' }, img: imageUrl } as const;
/** A token's images: both its collection's logo, as the issuer's and as the token's own. */
export const tokenImageFields = { issuerImg: imageUrl, img: imageUrl } as const;
/** Integer amount in the smallest currency unit, carried as a string. */
export const amount = { type: 'string', pattern: '^(0|[1-9][0-9]{0,17})$', maxLength: 18 } as const;
export const monetary = {
  type: 'object',
  required: ['currency', 'amount'],
  additionalProperties: false,
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 },
    amount,
  },
} as const;
export const metadata = {
  type: 'object',
  maxProperties: 10,
  propertyNames: { pattern: '^[A-Za-z0-9_-]{1,64}$' },
  additionalProperties: { type: 'string', maxLength: 256 },
} as const;
export const pageQuery = {
  pageKey: { type: 'string', minLength: 1, maxLength: 2048 },
  paginationLimit: { type: 'integer', minimum: 1, maximum: 100 },
} as const;
/** A page action's token, from the page's own form (core/http/page.ts `pageActionToken`). */
export const pageActionQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;
export const errorBody = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

/** A place: coordinates (strings) and a postal address (merchants, businesses). */
export const location = {
  type: 'object',
  properties: {
    lat: { type: 'string', pattern: '^-?[0-9]{1,2}(\\.[0-9]{1,8})?$', maxLength: 12 },
    lng: { type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,8})?$', maxLength: 13 },
    street: { type: 'string', minLength: 1, maxLength: 256 },
    suburb: { type: 'string', minLength: 1, maxLength: 128 },
    city: { type: 'string', minLength: 1, maxLength: 128 },
    state: { type: 'string', minLength: 1, maxLength: 128 },
    postCode: { type: 'string', minLength: 1, maxLength: 16 },
    country: { type: 'string', pattern: '^[A-Z]{2}$', maxLength: 2 },
  },
} as const;
