import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { paymentActivityEntity, paymentRequestEntity } from '../../functions/payment-requests/keys';
import { walletAssetEntity } from '../../functions/wallet-assets/entities';
import { api } from '../support/api';
import { newMerchant, newPayer, newPaymentRequest, pay } from '../support/payments';

/**
 * Stored items are parsed by their entity on every read: an item that is not what its key says
 * (another entity's, or of no known shape) is a typed error, answered as a plain 500 that names
 * nothing stored — never cast into a record and shown.
 */
const SERVER_ERROR = { statusCode: 500, error: 'Internal Server Error', message: 'SERVER_ERROR' };
const TABLE = () => process.env.TABLE_NAME;

const read = async (Key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: TABLE(), Key, ConsistentRead: true }))).Item!;
const write = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: TABLE(), Item }));

function expectServerError(res: { status: number; body: unknown }): void {
  expect(res.status).toBe(500);
  expect(res.body).toEqual(SERVER_ERROR);
}

describe('an item that is not its entity', () => {
  it('a payment request key holding an activity answers 500 SERVER_ERROR, on every route that reads it', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    const activity = await read(paymentActivityEntity.key(pr.id, 1));
    expect(activity.entity).toBe('payment-activity');
    await write({ ...activity, ...paymentRequestEntity.key(pr.id) });

    expectServerError(await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey }));
    expectServerError(await api('GET', `/api/payment-requests/${pr.id}/summary`));
    expectServerError(await pay(payer, pr.id, 'k1'));
    expect((await api('GET', `/api/assets/${payer.walletId}`, { key: payer.apiKey })).body.balance).toBe('5000');
  });

  it('a wallet asset of no known shape (no entity stamp) answers 500 SERVER_ERROR', async () => {
    const payer = await newPayer('0');
    const { entity: _entity, v: _v, ...unstamped } = await read(walletAssetEntity.key(payer.walletId));
    await write(unstamped);
    expectServerError(await api('GET', `/api/assets/${payer.walletId}`, { key: payer.apiKey }));
    expectServerError(await api('GET', `/api/wallet-assets?accountId=${payer.accountId}`, { key: payer.apiKey }));
  });
});
