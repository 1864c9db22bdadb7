import { UpdateCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { patronCodeEntity } from '../../functions/patron-codes/entities';
import { isValidBarcode } from '../../functions/patron-codes/barcode';
import { api, FORBIDDEN, newAccount } from '../support/api';
import { newMerchant, newPaymentRequest } from '../support/payments';

const expire = (id: string) =>
  db().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: patronCodeEntity.key(id),
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' },
    }),
  );

describe('patron codes', () => {
  it('creates a five-minute code with a valid barcode and finds it by id, barcode and external id', async () => {
    const patron = await newAccount();
    const created = await api('POST', '/api/patron-codes', { key: patron.apiKey });
    expect(created.status).toBe(200);
    expect(isValidBarcode(created.body.barcode)).toBe(true);
    expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBe(300_000);
    expect(created.body).toMatchObject({ accountId: patron.accountId, metadata: {} });
    expect((await api('GET', `/api/patron-codes/${created.body.id}`, { key: patron.apiKey })).body).toEqual(
      created.body,
    );

    expect(
      (await api('GET', `/api/patron-codes/barcode/${created.body.barcode}`, { key: patron.apiKey })).body.id,
    ).toBe(created.body.id);
    // Another account (a merchant that scanned it) uses the barcode to create a payment request, never reads the code.
    const merchant = await newAccount();
    const scanned = await api('GET', `/api/patron-codes/barcode/${created.body.barcode}`, { key: merchant.apiKey });
    expect(scanned.body.message).toBe('PATRON_CODE_INVALID');

    const external = await api('POST', '/api/patron-codes', {
      key: patron.apiKey,
      body: { namespace: 'loyalty', externalId: 'member-42' },
    });
    expect((await api('GET', '/api/patron-codes/loyalty/external-id/member-42', { key: patron.apiKey })).body.id).toBe(
      external.body.id,
    );
    expect(
      (
        await api('POST', '/api/patron-codes', {
          key: patron.apiKey,
          body: { namespace: 'loyalty', externalId: 'member-42' },
        })
      ).body.message,
    ).toBe('EXTERNAL_ID_ALREADY_USED');
    expect(
      (await api('GET', '/api/patron-codes/loyalty/external-id/nobody', { key: patron.apiKey })).body.message,
    ).toBe('PATRON_CODE_INVALID');
    expect(
      (await api('POST', '/api/patron-codes', { key: patron.apiKey, body: { externalId: 'x' } })).body.message,
    ).toBe('namespace is required with externalId');
  });

  it('rejects bad checksums with 400 and missing or expired codes with PATRON_CODE_INVALID', async () => {
    const patron = await newAccount();
    const code = (await api('POST', '/api/patron-codes', { key: patron.apiKey })).body;
    const wrongDigit = code.barcode.slice(0, 15) + String((Number(code.barcode[15]) + 1) % 10);
    expect((await api('GET', `/api/patron-codes/barcode/${wrongDigit}`, { key: patron.apiKey })).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'CHECKSUM_FAILED',
    });
    expect((await api('GET', '/api/patron-codes/barcode/12345', { key: patron.apiKey })).status).toBe(400);
    expect((await api('GET', '/api/patron-codes/barcode/9990001234567890', { key: patron.apiKey })).body.message).toBe(
      'PATRON_CODE_INVALID',
    );
    await expire(code.id);
    expect((await api('GET', `/api/patron-codes/barcode/${code.barcode}`, { key: patron.apiKey })).body.message).toBe(
      'PATRON_CODE_INVALID',
    );
    expect(
      (
        await api('POST', `/api/patron-codes/${code.id}/metadata`, {
          key: patron.apiKey,
          body: { metadata: { a: '1' } },
        })
      ).body.message,
    ).toBe('PATRON_CODE_INVALID');
    expect((await api('GET', `/api/patron-codes/${code.id}`, { key: patron.apiKey })).status).toBe(200);
  });

  it("keeps a code's id lookup to its own account", async () => {
    const patron = await newAccount();
    const stranger = await newAccount();
    const code = (await api('POST', '/api/patron-codes', { key: patron.apiKey })).body;
    expect((await api('GET', `/api/patron-codes/${code.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', '/api/patron-codes/noSuchCode000000000000', { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  it(
    "plants no code on another account: a body's accountId is ignored, so the attacker's request never reaches " +
      "the victim's poll",
    async () => {
      const victim = await newAccount();
      const attacker = await newMerchant();
      // accountId is no field of this body: accepted and ignored, the code is the caller's.
      const planted = await api('POST', '/api/patron-codes', {
        key: attacker.owner.apiKey,
        body: { accountId: victim.accountId },
      });
      expect(planted.status).toBe(200);
      expect(planted.body.accountId).toBe(attacker.owner.accountId);
      expect((await api('GET', `/api/patron-codes/${planted.body.id}`, { key: victim.apiKey })).body).toEqual(
        FORBIDDEN,
      );

      // A "pay now" request made with the planted barcode reaches the attacker's own poll, never the victim's.
      const pr = await newPaymentRequest(attacker, { barcode: planted.body.barcode });
      expect((await api('GET', '/api/me/patron-code-payment-request', { key: attacker.owner.apiKey })).body.id).toBe(
        pr.id,
      );
      const polled = await api('GET', '/api/me/patron-code-payment-request', { key: victim.apiKey });
      expect(polled.body?.id).not.toBe(pr.id);
      expect(polled.body).toEqual(FORBIDDEN);

      // Nor can the attacker squat the victim's external ids.
      const squat = await api('POST', '/api/patron-codes', {
        key: attacker.owner.apiKey,
        body: { accountId: victim.accountId, namespace: 'loyalty', externalId: 'member-1' },
      });
      expect(squat.body.accountId).toBe(attacker.owner.accountId);
      const own = await api('POST', '/api/patron-codes', {
        key: victim.apiKey,
        body: { namespace: 'loyalty', externalId: 'member-1' },
      });
      expect(own.status).toBe(200);
      expect((await api('GET', '/api/patron-codes/loyalty/external-id/member-1', { key: victim.apiKey })).body.id).toBe(
        own.body.id,
      );
    },
  );

  it('merges metadata within the limits, without losing concurrent keys', async () => {
    const patron = await newAccount();
    const code = (await api('POST', '/api/patron-codes', { key: patron.apiKey })).body;
    const put = (metadata: Record<string, string>) =>
      api('POST', `/api/patron-codes/${code.id}/metadata`, { key: patron.apiKey, body: { metadata } });
    expect((await put({ table: '12' })).body).toMatchObject({ patronCodeId: code.id, metadata: { table: '12' } });
    expect((await put({ ['k'.repeat(65)]: 'x' })).status).toBe(400);
    expect((await put({ long: 'x'.repeat(257) })).status).toBe(400);
    expect((await put({ table: '' })).body.metadata).toEqual({});
    const parallel = await Promise.all(Array.from({ length: 10 }, (_, i) => put({ [`k${i}`]: String(i) })));
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    expect(Object.keys((await put({})).body.metadata)).toHaveLength(10);
    expect((await put({ eleventh: 'x' })).body.message).toBe('metadata must have at most 10 keys');
  });

  it(
    'attaches a scanned code to a payment request and serves it to the patron; a test scenario adds a photo-id ' +
      'condition',
    async () => {
      const merchant = await newMerchant();
      const patron = await newAccount();
      const code = (await api('POST', '/api/patron-codes', { key: patron.apiKey })).body;
      const pr = await newPaymentRequest(merchant, { barcode: code.barcode });
      expect(pr).toMatchObject({ patronCodeId: code.id, barcode: code.barcode });
      const polled = await api('GET', '/api/me/patron-code-payment-request', { key: patron.apiKey });
      expect(polled.body.id).toBe(pr.id);

      const scenario = (
        await api('POST', '/api/patron-codes', {
          key: patron.apiKey,
          body: { testScenarioName: 'force-condition-check-photo-id' },
        })
      ).body;
      const conditional = await newPaymentRequest(merchant, { barcode: scenario.barcode, conditionsEnabled: true });
      expect(conditional.merchantConditions).toEqual([
        { id: '1', name: 'photo-id-check', message: 'Please check ID', status: 'awaiting-merchant' },
      ]);
    },
  );
});
