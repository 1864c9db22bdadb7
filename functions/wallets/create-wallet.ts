import { isIP } from 'node:net';
import type { FromSchema } from 'json-schema-to-ts';
import { createWalletBody } from './schemas';
import type { Account } from '../core/auth/account-directory';
import { describeAssetType, type AssetTypeInfo } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { isRefusedAddress } from '../core/webhooks/target-guard';
import { brandingImage } from '../media-uploads';
import { insertWallet } from './wallet-store';

type Body = FromSchema<typeof createWalletBody>;

/**
 * Reads token or ledger collections by id: the tokens group's, wired in by the Lambda entry
 * (functions/lambda/wallets.ts), since tokens reach merchants and merchants list wallet apps: a direct
 * import would close that loop.
 */
export type CollectionLookup = (
  ids: readonly string[],
) => Promise<ReadonlyMap<string, { accountId: string; test: boolean }>>;

/**
 * A consumer wallet app: the asset types it can pay with decide which merchants it supports. Every
 * id it names is the account's own (a logo upload, token or ledger collections) and its links lead
 * to public hosts; it is listed on other accounts' connect pages only once the operator approves it.
 */
export const createWallet = (findCollections: CollectionLookup) =>
  authedOperation<Body>(async ({ body, auth, now }) => {
    const account = await auth.access.account(body.accountId);
    for (const [index, assetType] of body.assetTypes.entries()) {
      const info = describeWalletAssetType(assetType.id);
      if (!info) throw badRequest(`assetTypes.${index}.id is not a supported asset type`);
      if (assetType.collectionId && info.kind !== 'token' && info.kind !== 'ledger') {
        throw badRequest(`assetTypes.${index}.collectionId is only valid for token and ledger asset types`);
      }
    }
    await checkCollections(findCollections, body.assetTypes, account);
    if (body.connectUrl) checkPublicLink('connectUrl', body.connectUrl);
    if (body.payUrl) checkPublicLink('payUrl', body.payUrl);
    const logo = body.logoMediaUploadId ? await brandingImage(body.logoMediaUploadId, account.id) : undefined;
    const { id, name, connectUrl, payUrl, primaryColorHex, assetTypes } = declaredOnly(createWalletBody, body);
    return insertWallet({
      id,
      name,
      accountId: account.id,
      ...(connectUrl ? { connectUrl } : {}),
      ...(payUrl ? { payUrl } : {}),
      ...(logo ? { logoMediaUploadId: logo.mediaUploadId, logoImg: logo.img } : {}),
      ...(primaryColorHex ? { primaryColorHex } : {}),
      assetTypes,
      status: 'active',
      createdAt: isoTimestamp(now),
      createdBy: auth.principal.crn,
      createdByAccountName: account.name,
      // The create response also carries `url` and `merchantId` (docs/conformance.md): the connect (else pay) URL,
      // and the owning account's id, as the documented example answers.
      ...(connectUrl || payUrl ? { url: connectUrl ?? payUrl } : {}),
      merchantId: account.id,
    });
  });

/**
 * A named collection must be one of the account's, of the asset type's liveness where the type names
 * one; a missing collection and another account's answer alike.
 */
async function checkCollections(
  findCollections: CollectionLookup,
  assetTypes: Body['assetTypes'],
  account: Account,
): Promise<void> {
  const named = assetTypes.flatMap((t, index) =>
    t.collectionId ? [{ index, id: t.collectionId, liveness: describeAssetType(t.id)?.liveness }] : [],
  );
  if (!named.length) return;
  const found = await findCollections(named.map((n) => n.id));
  for (const { index, id, liveness } of named) {
    const collection = found.get(id);
    if (
      !collection ||
      collection.accountId !== account.id ||
      (liveness !== undefined && collection.test !== (liveness === 'test'))
    ) {
      throw badRequest(`assetTypes.${index}.collectionId is not a collection of the account`);
    }
  }
}

/**
 * A wallet app's links are shown to shoppers on connect pages: never a loopback, private or
 * link-local host, which would send their browser into their own network. Checked by the host as
 * written; what a public name resolves to is the browser's lookup, not the platform's.
 */
function checkPublicLink(field: 'connectUrl' | 'payUrl', url: string): void {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    throw badRequest(`${field} must be an absolute https URL`);
  }
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  if (loopbackName || (isIP(host) !== 0 && isRefusedAddress(host))) {
    throw badRequest(`${field} must not point at a loopback, private or link-local address`);
  }
}

/**
 * A wallet names asset types with or without their liveness (`svc.nzd` as in the docs' example, or
 * `svc.nzd.test`): a type without one stands for both.
 */
function describeWalletAssetType(id: string): AssetTypeInfo | undefined {
  return describeAssetType(id) ?? describeAssetType(`${id}.main`) ?? describeAssetType(`${id}.test`);
}
