import type { FromSchema } from 'json-schema-to-ts';
import type { providerOutcomeBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { managedIntegrationEntity } from './entities';
import { present, saveIntegration } from './integration-store';
import { integrationPath } from './path';
import { providerStatus } from './status';

type Body = FromSchema<typeof providerOutcomeBody>;

/**
 * The provider's report on an account's integration, made by the platform operator (no provider is
 * connected): it moves the status as providerStatus says, conditional on the version read, so a report
 * racing a PUT is judged again on what the PUT left. A report that does not apply to the status is
 * MANAGED_INTEGRATION_INVALID_STATUS, writing nothing.
 */
export const reportProviderOutcome = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const { type, externalId } = integrationPath(request);
    const account = await request.auth.access.account(request.params.accountId);
    const current = await managedIntegrationEntity.get(account.id, type, externalId);
    if (!current) throw forbidden();
    const status = providerStatus(current, request.body.outcome);
    if (!status) throw businessRule('MANAGED_INTEGRATION_INVALID_STATUS');
    const next = {
      ...current,
      status,
      inProgress: false,
      updatedAt: isoTimestamp(request.now),
      updatedBy: request.auth.principal.crn,
      version: current.version + 1,
    };
    await saveIntegration(current, next);
    return present(next);
  }),
);
