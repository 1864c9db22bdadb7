import type { FromSchema } from 'json-schema-to-ts';
import type { integrationConfigsBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { changeRequest } from './request-change';

type ConfigsBody = FromSchema<typeof integrationConfigsBody>;

/** The operator sets the terminal id the provider issued (an `epay` request needs one before activation). */
export const configureIntegrationRequest = authedOperation<ConfigsBody>((request) =>
  changeRequest(request, 'either', () => ({ terminalId: request.body.terminalId })),
);
