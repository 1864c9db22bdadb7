import fc from 'fast-check';
import { isValidBarcode, luhnCheckDigit, newBarcode } from '../../functions/patron-codes/barcode';
import { newShortCode } from '../../functions/payment-requests/short-code';
import { referenceOf } from '../../functions/scanned-codes/code-formats';

const BASE = 'https://app.example.com';
const ID = 'Hk3vR9tWq2ZpLm8NcX4bYs';

describe('the Luhn check digit of patron-code barcodes', () => {
  it('is the digit that makes the Luhn sum a multiple of ten', () => {
    // Worked examples of the Luhn algorithm (ISO/IEC 7812-1).
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('453201511283036')).toBe('6');
    expect(luhnCheckDigit('000000000000000')).toBe('0');
    expect(luhnCheckDigit('999000123456789')).toBe('0');
  });

  it('makes new barcodes valid, and catches any one changed digit or swap of two neighbours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const barcode = newBarcode();
        expect(isValidBarcode(barcode)).toBe(true);
        const digits = barcode.split('');
        digits[position] = String((Number(digits[position]) + shift) % 10);
        expect(isValidBarcode(digits.join(''))).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 14 }), (position) => {
        const barcode = newBarcode();
        const [a, b] = [barcode[position], barcode[position + 1]];
        // Luhn misses only 09 ↔ 90 among neighbour swaps.
        fc.pre(a !== b && `${a}${b}` !== '09' && `${a}${b}` !== '90');
        const swapped = barcode.slice(0, position) + b + a + barcode.slice(position + 2);
        expect(isValidBarcode(swapped)).toBe(false);
      }),
    );
  });

  it('takes only 16 digits under a known prefix', () => {
    const body = '999000123456789';
    expect(isValidBarcode(body + luhnCheckDigit(body))).toBe(true);
    const unknownPrefix = '555000123456789';
    expect(isValidBarcode(unknownPrefix + luhnCheckDigit(unknownPrefix))).toBe(false);
    expect(isValidBarcode(body)).toBe(false);
    expect(isValidBarcode(`${body + luhnCheckDigit(body)}0`)).toBe(false);
  });
});

describe('reading a scanned code', () => {
  it('reads a patron-code barcode whose check digit holds, and nothing else of 16 digits', () => {
    const barcode = newBarcode();
    expect(referenceOf(barcode, BASE)).toEqual({ by: 'barcode', barcode });
    expect(referenceOf(` ${barcode}\n`, BASE)).toEqual({ by: 'barcode', barcode });
    const wrong = barcode.slice(0, 15) + String((Number(barcode[15]) + 1) % 10);
    expect(referenceOf(wrong, BASE)).toBeUndefined();
  });

  it('reads a short code in any case, but not one whose check symbol fails', () => {
    const code = newShortCode();
    expect(referenceOf(code.toLowerCase(), BASE)).toEqual({ by: 'short-code', shortCode: code });
    expect(referenceOf('CP-ZZZ-ZZZ', BASE)).toBeUndefined();
  });

  it("reads the platform's own pay, claim and connect links only", () => {
    expect(referenceOf(`${BASE}/pay/${ID}`, BASE)).toEqual({ by: 'link', type: 'payment-request', id: ID });
    expect(referenceOf(`${BASE}/pay/${ID}?src=qr`, BASE)).toEqual({ by: 'link', type: 'payment-request', id: ID });
    expect(referenceOf(`${BASE}/transfer/${ID}`, BASE)).toEqual({ by: 'link', type: 'asset-transfer', id: ID });
    expect(referenceOf(`${BASE}/connect/cn_${ID}`, BASE)).toEqual({ by: 'link', type: 'connection', id: `cn_${ID}` });
    expect(referenceOf(`${BASE}/app/pay/${ID}`, `${BASE}/app/`)).toEqual({
      by: 'link',
      type: 'payment-request',
      id: ID,
    });
    for (const other of [
      `https://evil.example.com/pay/${ID}`,
      `${BASE}/pay/${ID}/status`,
      `${BASE}/pay/not-an-id`,
      `${BASE}/connect/${ID}`,
      `${BASE}/constructor/${ID}`,
      `${BASE}/merchants/${ID}`,
      ID,
      'not a code',
    ])
      expect(referenceOf(other, BASE)).toBeUndefined();
  });
});
