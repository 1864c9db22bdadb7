/**
 * The endpoint groups: the one list the route table, the schema map, the permission matrix, the CDK
 * stack, the local gateway and the OpenAPI document are assembled from. Adding a group = its folder
 * (functions/<group>/, declared by its group.ts) + its import and entry here.
 */
import { group as accounts } from './accounts/group';
import { group as apiReference } from './api-reference/group';
import { group as assetPrograms } from './asset-programs/group';
import { group as assetTransfers } from './asset-transfers/group';
import { group as bankAccountApprovals } from './bank-account-approvals/group';
import { group as bankAccounts } from './bank-accounts/group';
import { group as integrationRequests } from './integration-requests/group';
import { group as connections } from './connections/group';
import { group as invitations } from './invitations/group';
import { group as fundsTransfers } from './funds-transfers/group';
import { group as batches } from './batches/group';
import { group as businesses } from './businesses/group';
import { group as checkout } from './checkout/group';
import { group as events } from './events/group';
import { group as legacyPaymentRequests } from './legacy-payment-requests/group';
import { group as loyaltyPrograms } from './loyalty-programs/group';
import { group as managedIntegrations } from './managed-integrations/group';
import { group as mediaUploads } from './media-uploads/group';
import { group as merchantConfigs } from './merchant-configs/group';
import { group as merchants } from './merchants/group';
import { group as patronCodes } from './patron-codes/group';
import { group as paymentActivities } from './payment-activities/group';
import { group as paymentLinks } from './payment-links/group';
import { group as paymentRequests } from './payment-requests/group';
import { group as promotions } from './promotions/group';
import { group as quotas } from './quotas/group';
import { group as salesChannels } from './sales-channels/group';
import { group as scannedCodes } from './scanned-codes/group';
import { group as settlements } from './settlements/group';
import { group as system } from './system/group';
import { group as tokens } from './tokens/group';
import { group as walletAssets } from './wallet-assets/group';
import { group as wallets } from './wallets/group';
import { group as webhooks } from './webhooks/group';

export const REGISTRY = [
  system,
  accounts,
  walletAssets,
  merchants,
  merchantConfigs,
  paymentRequests,
  paymentActivities,
  checkout,
  patronCodes,
  wallets,
  legacyPaymentRequests,
  webhooks,
  tokens,
  assetTransfers,
  loyaltyPrograms,
  promotions,
  mediaUploads,
  bankAccounts,
  assetPrograms,
  integrationRequests,
  managedIntegrations,
  quotas,
  bankAccountApprovals,
  salesChannels,
  connections,
  paymentLinks,
  invitations,
  fundsTransfers,
  businesses,
  events,
  batches,
  settlements,
  scannedCodes,
  apiReference,
] as const;

type Definition = (typeof REGISTRY)[number];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every group's schemas or permissions in one record; an id two groups both declare is refused, never overridden. */
export function assembled<Part extends 'schemas' | 'permissions'>(part: Part): UnionToIntersection<Definition[Part]> {
  const merged: Record<string, unknown> = {};
  for (const group of REGISTRY) {
    for (const [id, value] of Object.entries(group[part])) {
      if (id in merged) throw new Error(`${part}: ${id} is declared twice (again by ${group.name})`);
      merged[id] = value;
    }
  }
  return merged as UnionToIntersection<Definition[Part]>;
}
