import type { FromSchema } from 'json-schema-to-ts';
import type { integrationConfigsBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import type { StoredIntegrationRequest } from './entities';
import { hasRequiredParams } from './integration-types';
import { loadRequest, type Party } from './load-request';
import { present, replaceRequest } from './request-store';

type ConfigsBody = FromSchema<typeof integrationConfigsBody>;

/** Applies a change to the request as read, conditional on its version (retried on conflict). */
function change(
  request: AuthedRequest,
  party: Party,
  next: (current: StoredIntegrationRequest) => Partial<StoredIntegrationRequest>,
) {
  return retryOnConflict(async () => {
    const current = await loadRequest(request, party);
    const changes = { ...next(current), updatedAt: isoTimestamp(request.now), updatedBy: request.auth.principal.crn };
    return present(await replaceRequest(current, changes));
  });
}

/** The operator sets the terminal id the provider issued (an `epay` request needs one before activation). */
export const configureIntegrationRequest = authedOperation<ConfigsBody>((request) =>
  change(request, 'either', () => ({ terminalId: request.body.terminalId })),
);

/**
 * pending → active, by the merchant's account: from then on the requesting account's terminals may
 * create the merchant's payment requests (the grant written with it).
 */
export const activateIntegrationRequest = authedOperation((request) =>
  change(request, 'merchant', (current) => {
    if (current.status === 'active') throw businessRule('INTEGRATION_ALREADY_ACTIVATED');
    if (!hasRequiredParams(current)) throw businessRule('INTEGRATION_PARAM_MISSING');
    return { status: 'active' };
  }),
);
