import { badRequest } from '../errors/classes';

/**
 * A status that takes reasons needs one of them; a status that takes none refuses one (merchant and
 * business onboarding statuses, each with its own allowed reasons).
 */
export function checkStatusReason(status: string, reason: string | undefined, allowed: readonly string[]): void {
  if (!allowed.length && reason !== undefined) throw badRequest(`onboardingStatusReason is not allowed for ${status}`);
  if (allowed.length && reason === undefined) throw badRequest(`onboardingStatusReason is required for ${status}`);
  if (reason !== undefined && !allowed.includes(reason))
    throw badRequest(`onboardingStatusReason must be one of: ${allowed.join(', ')}`);
}
