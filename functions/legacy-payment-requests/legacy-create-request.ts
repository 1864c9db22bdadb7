import type { FromSchema } from 'json-schema-to-ts';
import type { legacyCreateRequestParams } from './schemas';
import { forbidden } from '../core/errors/classes';
import { parsePositiveAmount } from '../core/money';
import { findMerchantConfig, queryMerchantConfigs } from '../merchant-configs';
import { insertPaymentRequest } from '../payment-requests';
import { legacyOperation } from './legacy-errors';
import { legacyView } from './legacy-view';

type Params = FromSchema<typeof legacyCreateRequestParams>;

/**
 * Creates the same payment request record as the next version (readable and payable through
 * both), with the legacy fields kept aside. `paymentExpirySeconds` is the next version's
 * `expirySeconds`, with the same default (two minutes) and bounds.
 */
export const legacyCreateRequest = legacyOperation<Params>('create', async ({ body, auth, now }) => {
  // Checked here too so that the message names the legacy field (the core names `value.amount`).
  parsePositiveAmount('amount', body.amount);
  const configId = await configIdFor(body.merchantId, body.clientId);
  const request = await insertPaymentRequest(
    {
      configId,
      value: { currency: body.asset, amount: body.amount },
      ...(body.paymentExpirySeconds !== undefined ? { expirySeconds: body.paymentExpirySeconds } : {}),
      ...(body.patronCode ? { barcode: body.patronCode } : {}),
      ...(body.externalReference ? { externalRef: body.externalReference } : {}),
      ...(body.terminalId ? { terminalId: body.terminalId } : {}),
      ...(body.deviceId ? { deviceId: body.deviceId } : {}),
    },
    auth,
    now,
    {
      legacy: {
        clientId: body.clientId ?? configId,
        ...(body.description ? { description: body.description } : {}),
        ...(body.notifyUrl ? { notifyUrl: body.notifyUrl } : {}),
      },
    },
  );
  return legacyView(request);
});

/**
 * The config a legacy client names by `clientId` (with or without `mc_`), else the merchant's
 * newest. Not found is FORBIDDEN here, like another account's config in the shared core; the
 * legacy errors turn both into MERCHANT_CONFIGURATION_NOT_FOUND.
 */
async function configIdFor(merchantId: string, clientId: string | undefined): Promise<string> {
  if (clientId) {
    const id = clientId.startsWith('mc_') ? clientId : `mc_${clientId}`;
    if ((await findMerchantConfig(id))?.merchantId !== merchantId) throw forbidden();
    return id;
  }
  const configs = await queryMerchantConfigs(merchantId);
  const newest = configs[configs.length - 1];
  if (!newest) throw forbidden();
  return newest.id;
}
