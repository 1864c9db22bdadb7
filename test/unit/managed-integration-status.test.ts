import { awaitsClaim, nextStatus, providerStatus } from '../../functions/managed-integrations/status';

describe('managed integration status on create or update', () => {
  it.each([
    [undefined, false, 'payment-referral', false, 'created', false],
    [undefined, true, 'payment-referral', false, 'provisioning', true],
    [undefined, true, 'partner-business', false, 'pending', false],
    ['created', false, 'payment-referral', false, 'created', false],
    ['created', true, 'partner-business', false, 'pending', false],
    ['provisioning', true, 'payment-referral', false, 'provisioning', true],
    ['provisioning', false, 'payment-referral', false, 'inactive', false],
    ['pending', false, 'partner-business', false, 'inactive', false],
    ['active', true, 'payment-referral', false, 'active', false],
    ['active', false, 'payment-referral', false, 'inactive', false],
    ['inactive', true, 'payment-referral', false, 'provisioning', true],
    ['inactive', true, 'partner-business', false, 'pending', false],
    ['inactive', true, 'partner-business', true, 'provisioning', true],
    ['inactive', false, 'partner-business', true, 'inactive', false],
    ['archived', true, 'payment-referral', false, 'archived', false],
  ] as const)(
    '%s, enabled %s, %s, claimed %s → %s (inProgress %s)',
    (current, enabled, type, claimed, status, inProgress) => {
      expect(nextStatus(current, enabled, type, claimed)).toEqual({ status, inProgress });
    },
  );

  it('awaits a claim only while pending and unclaimed', () => {
    expect(awaitsClaim({ status: 'pending' })).toBe(true);
    expect(awaitsClaim({ status: 'pending', claimedByAccountId: 'a1' })).toBe(false);
    expect(awaitsClaim({ status: 'inactive' })).toBe(false);
  });

  it.each([
    ['provisioning', true, 'provisioned', 'active'],
    ['provisioning', true, 'failed', 'inactive'],
    ['active', true, 'provisioned', undefined],
    ['pending', true, 'failed', undefined],
    ['inactive', false, 'deprovisioned', 'archived'],
    ['inactive', true, 'deprovisioned', undefined],
    ['created', false, 'deprovisioned', undefined],
    ['archived', false, 'deprovisioned', undefined],
  ] as const)('the provider reports on %s (enabled %s) %s → %s', (status, enabled, outcome, next) => {
    expect(providerStatus({ status, enabled }, outcome)).toBe(next);
  });
});
