/** Building blocks shared by resource and request schemas. */
export const timestamp = { type: 'string', format: 'date-time' } as const;
export const crn = { type: 'string', pattern: '^crn:' } as const;
export const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** Integer amount in the smallest currency unit, carried as a string. */
export const amount = { type: 'string', pattern: '^(0|[1-9][0-9]{0,17})$' } as const;
export const monetary = {
  type: 'object',
  required: ['currency', 'amount'],
  additionalProperties: false,
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
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
    lat: { type: 'string', pattern: '^-?[0-9]{1,2}(\\.[0-9]{1,8})?$' },
    lng: { type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,8})?$' },
    street: { type: 'string', minLength: 1, maxLength: 256 },
    suburb: { type: 'string', minLength: 1, maxLength: 128 },
    city: { type: 'string', minLength: 1, maxLength: 128 },
    state: { type: 'string', minLength: 1, maxLength: 128 },
    postCode: { type: 'string', minLength: 1, maxLength: 16 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
} as const;
