import type { FromSchema } from 'json-schema-to-ts';
import type { assetActivitiesQuery } from './schemas';
import { findBankAccount } from '../bank-accounts';
import { countThrough } from '../core/db/pagination';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { assetActivityEntity, bankAccountActivitiesPartition, bankAccountActivitySortKey } from './entities';
import { numberedPage } from './numbered-page';

type ActivitiesQuery = FromSchema<typeof assetActivitiesQuery>;

/** What funds transfers moved between a bank account and its account's wallets, newest first. */
export const listAssetActivities = authedOperation<unknown, ActivitiesQuery>(async ({ query, auth }) => {
  const bankAccount = await findBankAccount(query.bankAccountId);
  if (!bankAccount) throw forbidden();
  await auth.access.account(bankAccount.accountId);
  const partition = bankAccountActivitiesPartition(bankAccount.id);
  const count = (sortKey: string) => countThrough(partition, sortKey);
  return numberedPage(count, await assetActivityEntity.page({ partition, index: 'GSI1' }, query), (activity) => {
    const { id: _id, ...view } = activity;
    return { sortKey: bankAccountActivitySortKey(activity), view };
  });
});
