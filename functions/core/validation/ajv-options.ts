import type { Options } from 'ajv';

/**
 * Bodies are validated as sent (no coercion); query strings arrive as strings, so their
 * validators coerce to the schema's types. Unknown body fields are tolerated, as the public API
 * does, and operations copy only the fields they know. No message strings in the generated code:
 * validate.ts words each error from its keyword and params.
 */
export const BODY_AJV_OPTIONS: Options = {
  allErrors: false,
  strict: true,
  allowUnionTypes: true,
  coerceTypes: false,
  messages: false,
  code: { source: true },
};
export const QUERY_AJV_OPTIONS: Options = { ...BODY_AJV_OPTIONS, coerceTypes: true };

const QUERY_SCHEMA_SUFFIX = 'Query';
/** Legacy parameter schemas (routes with `params: 'legacy'`) mostly see query and form strings: they coerce too. */
const PARAMS_SCHEMA_SUFFIX = 'Params';
export const isCoercedSchema = (id: string) => id.endsWith(QUERY_SCHEMA_SUFFIX) || id.endsWith(PARAMS_SCHEMA_SUFFIX);
