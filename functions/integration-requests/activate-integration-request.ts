import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { hasRequiredParams } from './integration-types';
import { changeRequest } from './request-change';

/**
 * pending → active, by the merchant's account: from then on the requesting account's terminals may
 * create the merchant's payment requests (the grant written with it).
 */
export const activateIntegrationRequest = authedOperation((request) =>
  changeRequest(request, 'merchant', (current) => {
    if (current.status === 'active') throw businessRule('INTEGRATION_ALREADY_ACTIVATED');
    if (!hasRequiredParams(current)) throw businessRule('INTEGRATION_PARAM_MISSING');
    return { status: 'active' };
  }),
);
