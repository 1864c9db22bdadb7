import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { QUERY_AJV_OPTIONS } from '../../functions/core/validation/ajv-options';
import { describe as describeError, validateWith } from '../../functions/core/validation/validate';

/**
 * The generated validators carry no message strings (messages: false); validate.ts words each error
 * from its keyword and params. For the keywords it words like ajv, the text must be ajv's.
 */
const CASES: [keyword: string, schema: object, value: unknown][] = [
  ['maxLength', { type: 'string', maxLength: 3 }, 'abcd'],
  ['minLength', { type: 'string', minLength: 2 }, 'a'],
  ['maxItems', { type: 'array', maxItems: 1 }, [1, 2]],
  ['minItems', { type: 'array', minItems: 2 }, [1]],
  ['maxProperties', { type: 'object', maxProperties: 1 }, { a: 1, b: 2 }],
  ['maximum', { type: 'integer', maximum: 10 }, 11],
  ['minimum', { type: 'integer', minimum: 1 }, 0],
  ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, 0],
  ['uniqueItems', { type: 'array', uniqueItems: true }, ['a', 'a']],
  ['format', { type: 'string', format: 'date-time' }, 'yesterday'],
];

const compile = (messages: boolean, schema: object) => {
  const ajv = new Ajv({ messages, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile({ type: 'object', properties: { field: schema } });
};

describe('validation messages without ajv message strings', () => {
  it.each(CASES)('%s: the same text as ajv would give', (keyword, schema, value) => {
    const withMessages = compile(true, schema);
    const without = compile(false, schema);
    expect(withMessages({ field: value })).toBe(false);
    expect(without({ field: value })).toBe(false);
    expect(without.errors?.[0].keyword).toBe(keyword);
    expect(without.errors?.[0].message).toBeUndefined();
    expect(describeError(without.errors?.[0], 'body')).toBe(`field ${withMessages.errors?.[0].message}`);
  });
});

describe('infinite numbers where values are coerced', () => {
  const ajv = new Ajv({ ...QUERY_AJV_OPTIONS, code: {} });
  const validators = {
    Q: ajv.compile({
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        'a/b': { type: 'object', properties: { n: { type: 'number', maximum: 5 } } },
      },
    }),
  };
  const refusal = (data: unknown, location: 'query' | 'body') => {
    try {
      validateWith(validators, 'Q', data, location);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each(['1e999', '-1e999', 'Infinity'])('%s: refused naming the field, as ajv coerces it past its bounds', (v) => {
    expect(validators.Q({ limit: v })).toBe(true);
    expect(refusal({ limit: v }, 'query')).toBe('limit must be a finite number');
    expect(refusal({ 'a/b': { n: v } }, 'query')).toBe('a/b.n must be a finite number');
  });

  it('accepts finite numbers, and leaves bodies to the type check', () => {
    expect(refusal({ limit: '7', 'a/b': { n: '4.5' } }, 'query')).toBe('accepted');
    expect(refusal({ limit: Number.POSITIVE_INFINITY }, 'body')).toBe('limit must be an integer');
  });
});
