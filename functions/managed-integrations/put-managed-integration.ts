import type { FromSchema } from 'json-schema-to-ts';
import type { putManagedIntegrationBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { ApiError, badRequest, businessRule } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { newId } from '../core/ids';
import { invitationIsOpen, issueInvitation } from '../invitations';
import { findMerchant } from '../merchants';
import { managedIntegrationEntity, type StoredManagedIntegration } from './entities';
import { present, saveIntegration } from './integration-store';
import { checkParams } from './params';
import { integrationPath } from './path';
import { awaitsClaim, nextStatus } from './status';

type Body = FromSchema<typeof putManagedIntegrationBody>;

/**
 * Creates or updates the caller's account's integration of the type and external id: `params`
 * replaced whole (checked for the type), `enabled` moving its status (status.ts), `test` set on
 * create (default: the account's) and fixed after. One awaiting a claim carries an open invitation
 * to claim it: issued in the same transaction when it enters `pending`, or on any write while
 * it waits there with one no longer open (expired, or revoked by the partner).
 */
export const putManagedIntegration = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const { body, auth, now } = request;
    const { type, externalId } = integrationPath(request);
    const account = await auth.access.account(auth.principal.accountId);
    const params = checkParams(type, body.params);
    const current = await managedIntegrationEntity.get(account.id, type, externalId);
    if (current && body.test !== undefined && body.test !== (current.test === true)) {
      throw badRequest('test cannot be changed once the managed integration is created');
    }
    const test = current ? current.test === true : (body.test ?? account.test === true);
    if (type === 'payment-referral') await checkReferredMerchant(request, String(params.platformMerchantId), test);
    const at = isoTimestamp(now);
    const next: StoredManagedIntegration = {
      id: current?.id ?? newId(),
      accountId: account.id,
      type,
      externalId,
      enabled: body.enabled,
      params,
      ...nextStatus(current?.status, body.enabled, type, current?.claimedByAccountId !== undefined),
      ...(test ? { test: true as const } : {}),
      ...claimOf(current),
      createdAt: current?.createdAt ?? at,
      createdBy: current?.createdBy ?? auth.principal.crn,
      updatedAt: at,
      updatedBy: auth.principal.crn,
      version: (current?.version ?? 0) + 1,
    };
    const issued =
      awaitsClaim(next) && !(next.invitation && (await invitationIsOpen(next.invitation.id, now)))
        ? issueInvitation(
            {
              type: 'managed-integration',
              resourceType: 'managed-integration',
              resourceId: next.id,
              accountId: account.id,
              params: { managedIntegrationType: type, externalId },
              test,
            },
            auth.principal.crn,
            now,
          )
        : undefined;
    if (issued) next.invitation = issued.summary;
    await saveIntegration(current, next, issued?.steps);
    return present(next);
  }),
);

/** What an update keeps of the claim: its invitation and, once claimed, who claimed it and when. */
function claimOf(
  current: StoredManagedIntegration | undefined,
): Pick<StoredManagedIntegration, 'invitation' | 'claimedByAccountId' | 'claimedBy' | 'claimedAt'> {
  if (!current) return {};
  const { invitation, claimedByAccountId, claimedBy, claimedAt } = current;
  return {
    ...(invitation ? { invitation } : {}),
    ...(claimedByAccountId ? { claimedByAccountId, claimedBy, claimedAt } : {}),
  };
}

/**
 * The merchant a referral names is one the caller may act for (another account's answers as a
 * missing one: MERCHANT_NOT_FOUND), of the integration's liveness (MERCHANT_LIVENESS_MISMATCH).
 */
async function checkReferredMerchant({ auth }: AuthedRequest, merchantId: string, test: boolean): Promise<void> {
  const merchant = await findMerchant(merchantId);
  if (!merchant) throw businessRule('MERCHANT_NOT_FOUND');
  try {
    await auth.access.account(merchant.accountId);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) throw businessRule('MERCHANT_NOT_FOUND');
    throw error;
  }
  if (merchant.test !== test) throw businessRule('MERCHANT_LIVENESS_MISMATCH');
}
