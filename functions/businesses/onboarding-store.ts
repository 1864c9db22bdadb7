import { onboardingRequest as onboardingRequestSchema } from './schemas';
import { publicView } from '../core/db/entity';
import type { TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import {
  onboardingExternalIdEntity,
  onboardingRequestEntity,
  type OnboardingRequest,
  type StoredOnboardingRequest,
} from './entities';

/** A concurrent request with the same external id committed first (the claim's condition). */
export class ExternalIdTaken extends Error {}

export const findOnboardingRequest = (id: string): Promise<StoredOnboardingRequest | undefined> =>
  onboardingRequestEntity.get(id);

/**
 * The request the account made earlier under this external id: the same body (same hash) answers it again; another
 * body is DUPLICATE_EXTERNAL_ID.
 */
export async function earlierRequest(
  accountId: string,
  externalId: string,
  requestHash: string,
): Promise<OnboardingRequest | undefined> {
  const claim = await onboardingExternalIdEntity.get(accountId, externalId);
  if (!claim) return undefined;
  const stored = await findOnboardingRequest(claim.onboardingRequestId);
  if (stored?.requestHash !== requestHash) throw businessRule('DUPLICATE_EXTERNAL_ID');
  return present(stored);
}

/** The writes of the request record and, with an external id, its claim (taken: ExternalIdTaken). */
export function onboardingRequestSteps(record: StoredOnboardingRequest): TransactionStep[] {
  const steps = [onboardingRequestEntity.createStep(record)];
  if (record.externalId) {
    const claim = { accountId: record.accountId, externalId: record.externalId, onboardingRequestId: record.id };
    steps.unshift(onboardingExternalIdEntity.createStep(claim, { onExists: () => new ExternalIdTaken() }));
  }
  return steps;
}

/** The public view: the onboarding request schema's fields only. */
export const present = (stored: OnboardingRequest): OnboardingRequest =>
  publicView<OnboardingRequest>(onboardingRequestSchema, stored);
