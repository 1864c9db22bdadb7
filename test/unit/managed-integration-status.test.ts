import { nextStatus } from '../../functions/managed-integrations/status';

describe('managed integration status on create or update', () => {
  it.each([
    [undefined, false, 'payment-referral', 'created', false],
    [undefined, true, 'payment-referral', 'provisioning', true],
    [undefined, true, 'partner-business', 'pending', false],
    ['created', false, 'payment-referral', 'created', false],
    ['created', true, 'partner-business', 'pending', false],
    ['provisioning', true, 'payment-referral', 'provisioning', true],
    ['provisioning', false, 'payment-referral', 'inactive', false],
    ['pending', false, 'partner-business', 'inactive', false],
    ['active', true, 'payment-referral', 'active', false],
    ['active', false, 'payment-referral', 'inactive', false],
    ['inactive', true, 'payment-referral', 'provisioning', true],
    ['inactive', false, 'partner-business', 'inactive', false],
    ['archived', true, 'payment-referral', 'archived', false],
  ] as const)('%s, enabled %s, %s → %s (inProgress %s)', (current, enabled, type, status, inProgress) => {
    expect(nextStatus(current, enabled, type)).toEqual({ status, inProgress });
  });
});
