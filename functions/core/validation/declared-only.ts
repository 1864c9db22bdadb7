// Apart from validate.ts: allow-listing needs no validators, so importing it loads none of the
// generated ones (the queue consumers' bundles stay without them).

interface DeclaringSchema {
  properties?: Readonly<Record<string, unknown>>;
  items?: unknown;
}

/**
 * `value` with only what `schema` declares, at every depth. Validation tolerates unknown fields
 * (clients send them); this keeps them out of stored records. Objects whose schema declares no
 * properties (metadata, free-form props) are kept as sent.
 */
export function declaredOnly<T>(schema: DeclaringSchema, value: T): T {
  if (Array.isArray(value))
    return (
      schema.items ? value.map((item: unknown) => declaredOnly(schema.items as DeclaringSchema, item)) : value
    ) as T;
  if (!schema.properties || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = declaredOnly(property as DeclaringSchema, field);
  }
  return out as T;
}
