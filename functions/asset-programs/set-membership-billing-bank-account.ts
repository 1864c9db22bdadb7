import type { FromSchema } from 'json-schema-to-ts';
import type { billingBankAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { billingBankAccount, loadMemberMembership } from './load';
import { changeMembership } from './membership-change';

export const setMembershipBillingBankAccount = authedOperation<FromSchema<typeof billingBankAccountBody>>((request) =>
  changeMembership(request, loadMemberMembership, async (m) => ({
    billingBankAccountId: await billingBankAccount(m.accountId, request.body.billingBankAccountId),
  })),
);
