/** ISO 8601 UTC with milliseconds, the one timestamp format on the wire. */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

export function now(): Date {
  return new Date();
}
