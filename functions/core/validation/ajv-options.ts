import type { Options } from 'ajv';

/**
 * Bodies are validated as sent (no coercion); query strings arrive as strings, so their
 * validators coerce to the schema's types. Unknown body fields are tolerated, as the public API
 * does, and operations copy only the fields they know.
 */
export const BODY_AJV_OPTIONS: Options = { allErrors: false, strict: true, allowUnionTypes: true, coerceTypes: false, code: { source: true } };
export const QUERY_AJV_OPTIONS: Options = { ...BODY_AJV_OPTIONS, coerceTypes: true };

export const QUERY_SCHEMA_SUFFIX = 'Query';
