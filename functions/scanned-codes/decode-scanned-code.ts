import type { FromSchema } from 'json-schema-to-ts';
import type { decodeScannedCodeBody, scannedCode } from './schemas';
import { config } from '../core/config';
import type { Access } from '../core/auth/access';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findMerchantConfig, type StoredMerchantConfig } from '../merchant-configs';
import { referenceOf } from './code-formats';
import { passes, resourceOf } from './code-resources';

type Body = FromSchema<typeof decodeScannedCodeBody>;
type ScannedCode = FromSchema<typeof scannedCode>;

const DISPLAY_NAMES: Readonly<Record<ScannedCode['resourceType'], string>> = {
  'payment-request': 'Payment request',
  'patron-code': 'Patron code',
  'asset-transfer': 'Asset transfer',
  connection: 'Wallet connection',
};

/**
 * What a merchant scanned, decoded for the merchant config it would take it with: the resource the code names
 * (code-resources.ts) and whether the config has a payment option for it. The config is checked first, and the code
 * is looked up only with one the caller may use; a code the caller may not read answers as one that names nothing.
 */
export const decodeScannedCode = authedOperation<Body>(async ({ body, auth, now }): Promise<ScannedCode> => {
  const merchantConfig = await usableConfig(body.merchantConfigId, auth.access);
  const reference = referenceOf(body.code, config().appBaseUrl);
  const resource = reference && (await resourceOf(reference, auth.access, now));
  if (!resource) throw businessRule('UNKNOWN_CODE');
  if (!resource.fits(merchantConfig)) throw businessRule('INVALID_MERCHANT_CONFIG');
  return {
    code: body.code,
    scannedBy: body.scannedBy,
    merchantConfigId: merchantConfig.id,
    provider: 'centrapay',
    displayName: DISPLAY_NAMES[resource.type],
    resourceType: resource.type,
    ...(resource.id === undefined ? {} : { resourceId: resource.id }),
  };
});

/** The config if the caller may take payments with it; a missing one and another account's answer alike. */
async function usableConfig(id: string, access: Access): Promise<StoredMerchantConfig> {
  const found = await findMerchantConfig(id);
  if (!found || !(await passes(access.merchantAccount(found.merchantAccountId, found.merchantId))))
    throw businessRule('MERCHANT_CONFIG_NOT_FOUND');
  return found;
}
