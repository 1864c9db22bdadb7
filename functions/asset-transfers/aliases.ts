import { accountAliasesPartition, verifiedAliasEntity, type VerifiedAlias } from './entities';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';

/** The account an alias was verified for, if any. */
export async function findAliasOwner(alias: string): Promise<string | undefined> {
  return (await verifiedAliasEntity.get(alias))?.accountId;
}

/** Records that an alias is the account's (once: another account's alias is ALIAS_ALREADY_VERIFIED). */
export async function putVerifiedAlias(
  accountId: string,
  alias: string,
  by: string,
  now: Date,
): Promise<VerifiedAlias> {
  const verified: VerifiedAlias = { alias, accountId, verifiedAt: isoTimestamp(now), verifiedBy: by };
  await runTransaction([
    verifiedAliasEntity.putStep(verified, {
      if: { expression: 'attribute_not_exists(PK) OR accountId = :account', values: { ':account': accountId } },
      onConditionFailed: () => businessRule('ALIAS_ALREADY_VERIFIED'),
    }),
  ]);
  return verified;
}

/** An account's verified aliases (a handful). */
export async function listAccountAliases(accountId: string): Promise<string[]> {
  const aliases = await verifiedAliasEntity.all({ partition: accountAliasesPartition(accountId), index: 'GSI1' });
  return aliases.map(({ alias }) => alias);
}
