import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredBusiness } from './entities';
import { findBusiness } from './business-store';

/** The business the path names, if the caller may act on its account under the route's permission; else FORBIDDEN. */
export async function loadBusiness(request: Pick<AuthedRequest, 'params' | 'auth'>): Promise<StoredBusiness> {
  const business = await findBusiness(request.params.businessId);
  if (!business) throw forbidden();
  await request.auth.access.account(business.accountId);
  return business;
}
