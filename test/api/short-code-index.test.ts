import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { provisionTable } from '../../bin/local/provision-table';
import { db } from '../../functions/core/db/client';
import { paymentRequestKey } from '../../functions/payment-requests/keys';
import { api } from '../support/api';
import { newMerchant, newPayer, newPaymentRequest, pay, type MerchantSetup } from '../support/payments';

/**
 * The short code index holds keys only (GSI3, entity version 4): a pay changes no key, so it writes no index entry.
 * Requests of versions 1 to 3 carry their code on GSI2 and are still found, the newer entry of the two winning
 * (docs/operations.md, "Index migrations").
 */
const TABLE_NAME = () => process.env.TABLE_NAME;
const stored = async (id: string) =>
  (await db().send(new GetCommand({ TableName: TABLE_NAME(), Key: paymentRequestKey(id), ConsistentRead: true })))
    .Item as Record<string, unknown>;
/** Rewrites a request as version 3 wrote it: its short code index entry on GSI2 (optionally another code's). */
async function storeAsVersion3(id: string, shortCode?: string) {
  const { GSI3PK, GSI3SK, ...item } = await stored(id);
  await db().send(
    new PutCommand({
      TableName: TABLE_NAME(),
      Item: { ...item, v: 3, GSI2PK: shortCode ? `SHORTCODE#${shortCode}` : GSI3PK, GSI2SK: GSI3SK },
    }),
  );
}

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});
const byCode = (code: string) => api('GET', `/api/payment-requests/short-code/${code}`, { key: merchant.owner.apiKey });

describe('the short code index', () => {
  it('finds a request by its code through the keys-only index, before and after a pay', async () => {
    const pr = await newPaymentRequest(merchant);
    expect(await stored(pr.id)).toMatchObject({ GSI3PK: `SHORTCODE#${pr.shortCode}` });
    expect(await stored(pr.id)).not.toHaveProperty('GSI2PK');
    expect((await byCode(pr.shortCode)).body).toEqual(
      (
        await api('GET', `/api/payment-requests/${pr.id}`, {
          key: merchant.owner.apiKey,
        })
      ).body,
    );
    expect((await pay(await newPayer('5000'), pr.id, 'short-code')).status).toBe(200);
    expect((await byCode(pr.shortCode)).body).toMatchObject({ id: pr.id, status: 'paid' });
  });

  it('still finds a request stored by version 3 (its code on GSI2), read as it was', async () => {
    const pr = await newPaymentRequest(merchant);
    const before = (await byCode(pr.shortCode)).body;
    await storeAsVersion3(pr.id);
    expect((await byCode(pr.shortCode)).body).toEqual(before);
  });

  it('answers the newer request of a code, whichever index holds each', async () => {
    const older = await newPaymentRequest(merchant);
    const newer = await newPaymentRequest(merchant);
    // A version 3 request newer than a version 4 one with the same code (short codes are recycled).
    await storeAsVersion3(newer.id, older.shortCode);
    expect((await byCode(older.shortCode)).body.id).toBe(newer.id);
    // And a version 4 request newer than a version 3 one.
    const oldest = await newPaymentRequest(merchant);
    const latest = await newPaymentRequest(merchant);
    await storeAsVersion3(oldest.id);
    const { GSI3PK: _code, ...item } = await stored(latest.id);
    await db().send(
      new PutCommand({ TableName: TABLE_NAME(), Item: { ...item, GSI3PK: `SHORTCODE#${oldest.shortCode}` } }),
    );
    expect((await byCode(oldest.shortCode)).body.id).toBe(latest.id);
  });
});

describe('a local table kept from before the keys-only index', () => {
  it('gets the index, then the stream view, on the next starts, and is left as it is after that', async () => {
    const client = new DynamoDBClient({});
    const table = `before-gsi3-${Date.now()}`;
    const keys = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'];
    await client.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
        AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: ['GSI1', 'GSI2'].map((name) => ({
          IndexName: name,
          KeySchema: [
            { AttributeName: `${name}PK`, KeyType: 'HASH' },
            { AttributeName: `${name}SK`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    try {
      expect(await provisionTable(client, table)).toBe('index added');
      const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
      expect(Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'GSI3')?.Projection).toEqual({
        ProjectionType: 'KEYS_ONLY',
      });
      // Kept from before old images were streamed too: the next start switches the stream's view.
      expect(await provisionTable(client, table)).toBe('stream added');
      const after = await client.send(new DescribeTableCommand({ TableName: table }));
      expect(after.Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
      expect(await provisionTable(client, table)).toBe('existing');
    } finally {
      await client.send(new DeleteTableCommand({ TableName: table }));
      client.destroy();
    }
  });
});
