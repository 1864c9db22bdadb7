/** Metadata set operations merge: supplied keys are set, a key whose value is "" is removed. */
export function mergeMetadata(
  current: Record<string, string> | undefined,
  update: Record<string, string>,
): Record<string, string> {
  const merged: Record<string, string> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
