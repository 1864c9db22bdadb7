import { badRequest } from '../errors/classes';

/**
 * What the body steps of the pipeline (middlewares.ts) check besides what middy's JSON and
 * urlencoded parsers decode: the size before decoding, and after it, nesting and text.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/** Deeper than any request schema goes; deeper bodies are refused before they cost anything. */
const MAX_BODY_DEPTH = 16;
// Lone surrogates (not well-formed UTF-16) and C0 controls other than tab, newline and return.
const INVALID_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding those control characters is this regex's job
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export function assertWellFormed(value: unknown, depth: number): void {
  if (depth > MAX_BODY_DEPTH) throw badRequest(`body is nested deeper than ${MAX_BODY_DEPTH} levels`);
  if (typeof value === 'string') {
    if (INVALID_TEXT.test(value)) throw badRequest('body contains a string with invalid characters');
  } else if (Array.isArray(value)) {
    for (const item of value) assertWellFormed(item, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (INVALID_TEXT.test(key)) throw badRequest('body contains a key with invalid characters');
      assertWellFormed(item, depth + 1);
    }
  }
}
