/**
 * Metadata set operations merge: supplied keys are set, a key whose value is "" is removed.
 * Built through a Map so keys such as `__proto__` stay plain data keys.
 */
export function mergeMetadata(
  current: Record<string, string> | undefined,
  update: Record<string, string>,
): Record<string, string> {
  const merged = new Map(Object.entries(current ?? {}));
  for (const [key, value] of Object.entries(update)) {
    if (value === '') merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}
