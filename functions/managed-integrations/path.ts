import { badRequest } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { MANAGED_INTEGRATION_TYPES, type ManagedIntegrationType } from './schemas';

const EXTERNAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The type and external id the path names (path parameters have no schema: checked here). */
export function integrationPath({ params }: AuthedRequest): { type: ManagedIntegrationType; externalId: string } {
  const type = MANAGED_INTEGRATION_TYPES.find((t) => t === params.type);
  if (!type) throw badRequest(`type must be one of: ${MANAGED_INTEGRATION_TYPES.join(', ')}`);
  if (!EXTERNAL_ID.test(params.externalId)) throw badRequest('externalId must be 1 to 128 letters, digits or _.:-');
  return { type, externalId: params.externalId };
}
