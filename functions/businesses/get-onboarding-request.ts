import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findOnboardingRequest, present } from './onboarding-store';

/** An onboarding request, to the account that made it (a missing one and another account's answer alike). */
export const getOnboardingRequest = authedOperation(async ({ params, auth }) => {
  const stored = await findOnboardingRequest(params.onboardingRequestId);
  if (!stored) throw forbidden();
  await auth.access.account(stored.accountId);
  return present(stored);
});
