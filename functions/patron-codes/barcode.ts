import { randomInt } from 'node:crypto';

/** The 6-digit prefixes a patron code barcode may start with. */
const BARCODE_PREFIXES = [
  '121921',
  '123000',
  '282828',
  '293000',
  '321000',
  '321123',
  '636863',
  '713131',
  '765432',
  '777000',
  '839234',
  '848484',
  '888444',
  '929394',
  '987600',
  '999000',
] as const;

/** Luhn check digit for a string of digits. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]) * (double ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
    double = !double;
  }
  return String((10 - (sum % 10)) % 10);
}

/** 16 digits: prefix + 9 random digits + Luhn check digit. */
export function newBarcode(): string {
  const prefix = BARCODE_PREFIXES[randomInt(BARCODE_PREFIXES.length)];
  const code = String(randomInt(1_000_000_000)).padStart(9, '0');
  return prefix + code + luhnCheckDigit(prefix + code);
}

export function isValidBarcode(barcode: string): boolean {
  if (!/^[0-9]{16}$/.test(barcode)) return false;
  if (!(BARCODE_PREFIXES as readonly string[]).includes(barcode.slice(0, 6))) return false;
  return luhnCheckDigit(barcode.slice(0, 15)) === barcode[15];
}
