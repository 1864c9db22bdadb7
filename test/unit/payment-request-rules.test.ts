import fc from 'fast-check';
import { activityShortCode, newShortCode, parseShortCode } from '../../functions/payment-requests/short-code';
import { resolveLineItems } from '../../functions/payment-requests/line-items';
import type { ApiError } from '../../functions/core/errors/classes';

describe('short codes', () => {
  it('generates codes that parse back to themselves', () => {
    for (let i = 0; i < 2000; i++) {
      const code = newShortCode();
      expect(code).toMatch(/^CP-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
      expect(parseShortCode(code)).toBe(code);
      expect(parseShortCode(code.toLowerCase())).toBe(code);
    }
  });

  it('catches any single changed symbol', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 31 }), (position, shift) => {
        const code = newShortCode();
        const symbols = code.replace(/^CP-|-/g, '').split('');
        symbols[position] = alphabet[(alphabet.indexOf(symbols[position]) + shift) % 32];
        const altered = `CP-${symbols.slice(0, 3).join('')}-${symbols.slice(3).join('')}`;
        expect(parseShortCode(altered)).toBeUndefined();
      }),
    );
  });

  it('rejects malformed input and suffixes activity codes', () => {
    for (const bad of ['', 'CP-123', 'XX-ABC-DEF', 'CP-ABC-DEFG', 'CP-AIL-OU1'])
      expect(parseShortCode(bad)).toBeUndefined();
    expect(activityShortCode('CP-ABC-DEF', 15)).toBe('CP-ABC-DEF-015');
  });
});

describe('line items', () => {
  it('uses price as given, derives it from unitPrice × qty, and lets price win', () => {
    const { items, total } = resolveLineItems([
      { name: 'a', qty: '2', price: '500' },
      { name: 'b', qty: '3', unitPrice: '250' },
      { name: 'c', qty: '1.5', unitPrice: '333' },
      { name: 'd', qty: '4', unitPrice: '100', price: '1' },
      { name: 'discount', qty: '1', price: '-100' },
    ]);
    expect(items.map((i) => i.price)).toEqual(['500', '750', '500', '1', '-100']);
    expect(total).toBe(1651n);
  });

  it('names the field when neither price nor unitPrice is given or values are malformed', () => {
    const fail = (items: Parameters<typeof resolveLineItems>[0]) => {
      try {
        resolveLineItems(items);
      } catch (error) {
        return (error as ApiError).message;
      }
      return 'no error';
    };
    expect(fail([{ name: 'x', qty: '1' }])).toBe('lineItems.0.price or lineItems.0.unitPrice is required');
    expect(fail([{ name: 'x', qty: '1', price: '1.50' }])).toBe('lineItems.0.price must be an integer amount');
    expect(fail([{ name: 'x', qty: '-1', price: '1' }])).toBe('lineItems.0.qty must be a non-negative decimal string');
  });

  it('sums exactly for any integer prices', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -1_000_000_000n, max: 1_000_000_000n }), { maxLength: 30 }), (prices) => {
        const { total } = resolveLineItems(prices.map((p, i) => ({ name: `i${i}`, qty: '1', price: p.toString() })));
        expect(total).toBe(prices.reduce((a, b) => a + b, 0n));
      }),
    );
  });
});
