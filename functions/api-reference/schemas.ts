/** The script's version the page names (its content hash): with it the script may be cached for good. */
export const apiReferenceScriptQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { v: { type: 'string', maxLength: 64, pattern: '^[0-9a-f]+$' } },
} as const;

/** The api-reference group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  ApiReferenceScriptQuery: apiReferenceScriptQuery,
} as const;
