import { randomBytes } from 'node:crypto';
import { api, newAccount, type TestAccount } from './api';
import { ok } from './value';

/**
 * Fixtures for connections and payment links, made through the API: a wallet app authorizes the
 * connections a merchant's keys ask for; payment requests are made through a merchant's links.
 */

export const uniqueWalletId = () => `wallet-${randomBytes(5).toString('hex')}`;

/** A wallet app registered by the account (a new test account by default). */
export async function newWalletApp(account?: TestAccount): Promise<{ id: string; name: string; owner: TestAccount }> {
  const owner = account ?? (await newAccount());
  const body = {
    id: uniqueWalletId(),
    name: 'Vend Wallet',
    accountId: owner.accountId,
    connectUrl: 'https://wallet.example.com/connect',
    assetTypes: [{ id: 'svc.nzd' }],
  };
  const wallet = await ok(api('POST', '/api/wallets', { key: owner.apiKey, body }), 'wallet app');
  return { id: wallet.id, name: wallet.name, owner };
}

export const newConnection = (key: string, merchantId: string) =>
  ok(api('POST', '/api/connections', { key, body: { merchantId } }), 'connection');

export const authorize = (connectionId: string, wallet: { id: string; owner: TestAccount }) =>
  api('POST', `/api/connections/${connectionId}/authorize`, {
    key: wallet.owner.apiKey,
    body: { walletId: wallet.id },
  });

/** A connection the key asks for on the merchant, authorized by a new wallet app. */
export async function authorizedConnection(key: string, merchantId: string): Promise<string> {
  const connection = await newConnection(key, merchantId);
  await ok(authorize(connection.id, await newWalletApp()), 'authorize');
  return connection.id;
}

export const newPaymentLink = (key: string, merchantId: string, name = 'Front Checkout') =>
  ok(api('POST', '/api/payment-links', { key, body: { merchantId, name } }), 'payment link');
