/** A JWK of the webhook JWKS: public EC members only, so a private member cannot validate. */
const publicSigningKey = {
  type: 'object',
  required: ['kty', 'crv', 'x', 'y', 'kid', 'use', 'alg'],
  additionalProperties: false,
  properties: {
    kty: { const: 'EC' },
    crv: { const: 'P-256' },
    x: { type: 'string' },
    y: { type: 'string' },
    kid: { type: 'string' },
    use: { const: 'sig' },
    alg: { const: 'ES256' },
  },
} as const;

const jwks = {
  type: 'object',
  required: ['keys'],
  additionalProperties: false,
  properties: { keys: { type: 'array', items: publicSigningKey } },
} as const;

/** The system group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Jwks: jwks,
} as const;
