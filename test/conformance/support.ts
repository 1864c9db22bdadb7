/**
 * Conformance against the public API docs: each documented example exchange is sent as documented
 * (with real ids made through the API) and its answer compared, field by field, with the
 * documented shape: field names and JSON types, at every depth. The shapes are written here as
 * literals of our own, from the documented examples; values are not compared.
 */
import type { ApiResponse } from '../support/api';

/** A JSON type, an object of field shapes, or an array shape. */
export type Shape = JsonType | ShapeObject | ShapeArray;
export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array';
export interface ShapeObject {
  readonly [field: string]: Shape;
}
/** `[]`: an array of anything; `[shape]`: a non-empty array whose every element has `shape`. */
export type ShapeArray = readonly [] | readonly [Shape];

export const S = 'string' as const;
export const N = 'number' as const;
export const B = 'boolean' as const;
/** Any object (free-form maps such as metadata). */
export const O = 'object' as const;

const SCALARS = new Set<string>(['string', 'number', 'boolean', 'object', 'array']);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Where `actual` departs from `shape`: a documented field that is missing, or present with another
 * JSON type. Extra fields are not departures (the docs' examples are not exhaustive).
 */
export function shapeMismatches(shape: Shape, actual: unknown, path = 'body'): string[] {
  if (typeof shape === 'string') {
    if (!SCALARS.has(shape)) throw new Error(`unknown shape token ${shape} at ${path}`);
    return jsonType(actual) === shape ? [] : [`${path}: expected ${shape}, got ${describe(actual)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(actual)) return [`${path}: expected array, got ${describe(actual)}`];
    if (shape.length === 0) return [];
    if (actual.length === 0) return [`${path}: expected at least one element`];
    return actual.flatMap((element, i) => shapeMismatches(shape[0] as Shape, element, `${path}[${i}]`));
  }
  if (jsonType(actual) !== 'object') return [`${path}: expected object, got ${describe(actual)}`];
  const record = actual as Record<string, unknown>;
  return Object.entries(shape as ShapeObject).flatMap(([field, fieldShape]) =>
    field in record ? shapeMismatches(fieldShape, record[field], `${path}.${field}`) : [`${path}.${field}: missing`],
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  const text = JSON.stringify(value);
  return `${jsonType(value)}${text === undefined ? '' : ` ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`}`;
}

/** A quota (Quotas page), as GET …/quotas lists them and QUOTA_EXCEEDED carries the exceeded ones. */
export const QUOTA = { limit: S, interval: S, period: S, usage: S, type: S, assetType: S } as const;

/** 403 QUOTA_EXCEEDED with the quotas it would pass (Quotas page, "Errors"). */
export function expectQuotaExceeded(res: ApiResponse): void {
  expectError(res, 403, 'QUOTA_EXCEEDED');
  expectShape(res.body, { message: S, quotas: [QUOTA] });
}

/** The documented status and every documented field with its documented JSON type. */
export function expectExchange(res: ApiResponse, shape: Shape, status = 200): void {
  const found = {
    status: res.status,
    mismatches: res.status === status ? shapeMismatches(shape, res.body) : [JSON.stringify(res.body)],
  };
  expect(found).toEqual({ status, mismatches: [] });
}

/** A part of a body (one element picked by the test) with its documented shape. */
export function expectShape(actual: unknown, shape: Shape, path = 'body'): void {
  expect(shapeMismatches(shape, actual, path)).toEqual([]);
}

/** The body of every error (docs/api/conventions.md, Answers and errors). */
export const ERROR_BODY = { statusCode: N, error: S, message: S } as const;

/** A documented error: its status and its code in `message`. */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, message: (res.body as { message?: unknown } | undefined)?.message }).toEqual({
    status,
    message: code,
  });
}

/**
 * A documented shape less the fields we knowingly do not serve, each with its reason (listed in
 * docs/conformance.md). Paths are dotted (`items.0.logoImg` is not supported: name the field of
 * an element shape as `items.logoImg`).
 */
export function except<T extends Shape>(shape: T, departures: Readonly<Record<string, string>>): T {
  let out: Shape = shape;
  for (const [path, reason] of Object.entries(departures)) {
    if (!reason) throw new Error(`departure ${path} needs a reason`);
    out = remove(out, path.split('.'), path);
  }
  return out as T;
}

function remove(shape: Shape, [head, ...rest]: string[], path: string): Shape {
  if (Array.isArray(shape)) {
    if (shape.length === 0) throw new Error(`departure ${path}: no element shape`);
    return [remove(shape[0] as Shape, [head, ...rest], path)] as const;
  }
  if (typeof shape !== 'object' || !(head in shape)) throw new Error(`departure ${path}: not in the documented shape`);
  const copy: Record<string, Shape> = { ...(shape as ShapeObject) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = remove(copy[head], rest, path);
  return copy;
}
