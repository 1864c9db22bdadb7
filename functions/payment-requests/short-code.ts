import { randomInt } from 'node:crypto';

/**
 * Short codes like `CP-X4V-6NQ`: 5 random symbols of Crockford's base-32 alphabet (no I, L, O, U)
 * and a final check symbol (Luhn mod 32), so a mistyped code is caught before any lookup.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'CP';
const PATTERN = new RegExp(`^${PREFIX}-([${ALPHABET}]{3})-([${ALPHABET}]{3})$`);

function checkSymbol(payload: string): string {
  const n = ALPHABET.length;
  let sum = 0;
  let double = true;
  for (let i = payload.length - 1; i >= 0; i--) {
    let value = ALPHABET.indexOf(payload[i]) * (double ? 2 : 1);
    value = Math.floor(value / n) + (value % n);
    sum += value;
    double = !double;
  }
  return ALPHABET[(n - (sum % n)) % n];
}

export function newShortCode(): string {
  let payload = '';
  for (let i = 0; i < 5; i++) payload += ALPHABET[randomInt(ALPHABET.length)];
  return format(payload + checkSymbol(payload));
}

const format = (symbols: string) => `${PREFIX}-${symbols.slice(0, 3)}-${symbols.slice(3)}`;

/** Normalises case; undefined when the shape or the check symbol is wrong. */
export function parseShortCode(input: string): string | undefined {
  const match = PATTERN.exec(input.toUpperCase());
  if (!match) return undefined;
  const symbols = match[1] + match[2];
  return checkSymbol(symbols.slice(0, 5)) === symbols[5] ? format(symbols) : undefined;
}

/** Each activity of a request gets the request's code with a sequence suffix: `CP-X4V-6NQ-003`. */
export const activityShortCode = (shortCode: string, activityNumber: number) =>
  `${shortCode}-${String(activityNumber).padStart(3, '0')}`;
