import type { FromSchema } from 'json-schema-to-ts';
import type { ManagedIntegration } from './entities';
import type { providerOutcomeBody } from './schemas';

type Status = ManagedIntegration['status'];
type ProviderOutcome = FromSchema<typeof providerOutcomeBody>['outcome'];

/**
 * Where a create-or-update takes an integration (the only move documented: `enabled` true answers
 * `provisioning` with `inProgress`). Enabling starts its way to `active`: a payment referral is
 * provisioned at once (the referral goes to the processor, whose onboarding of the merchant
 * finishes it); a partner business waits, `pending`, for the business to claim it with the
 * invitation it carries (put-managed-integration.ts), and the claim (claim-integration.ts) moves it
 * to `provisioning`; one already claimed is provisioned at once when enabled again. Disabling an
 * integration that has started makes it `inactive`; one never enabled stays `created`. Unchanged
 * `enabled` keeps the status. No move here reaches `active` or `archived`: those are the third
 * party's to make (providerStatus).
 */
export function nextStatus(
  current: Status | undefined,
  enabled: boolean,
  type: ManagedIntegration['type'],
  claimed: boolean,
): { status: Status; inProgress: boolean } {
  const status = target(current, enabled, type, claimed);
  return { status, inProgress: status === 'provisioning' };
}

function target(
  current: Status | undefined,
  enabled: boolean,
  type: ManagedIntegration['type'],
  claimed: boolean,
): Status {
  if (current === 'archived') return 'archived';
  if (!enabled) return current === undefined || current === 'created' ? 'created' : 'inactive';
  if (current === 'active' || current === 'provisioning' || current === 'pending') return current;
  return type === 'payment-referral' || claimed ? 'provisioning' : 'pending';
}

/** Only an integration waiting in `pending` awaits a claim. */
export const awaitsClaim = (integration: Pick<ManagedIntegration, 'status' | 'claimedByAccountId'>) =>
  integration.status === 'pending' && integration.claimedByAccountId === undefined;

/**
 * Where the provider's report takes an integration, or undefined where the report does not apply: it
 * finishes provisioning (`active`) or fails it (`inactive`, still enabled: a PUT with `enabled` true tries
 * again), and removes a disabled one for good (`archived`, which no later write leaves).
 */
export function providerStatus(
  integration: Pick<ManagedIntegration, 'status' | 'enabled'>,
  outcome: ProviderOutcome,
): Status | undefined {
  if (outcome === 'deprovisioned')
    return !integration.enabled && integration.status === 'inactive' ? 'archived' : undefined;
  if (integration.status !== 'provisioning') return undefined;
  return outcome === 'provisioned' ? 'active' : 'inactive';
}
