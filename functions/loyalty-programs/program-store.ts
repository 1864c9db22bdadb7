import {
  accountProgramsPartition,
  loyaltyProgramEntity,
  type LoyaltyProgram,
  type StoredLoyaltyProgram,
} from './entities';
import { loyaltyProgram } from './schemas';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';

export const findProgram = (id: string): Promise<StoredLoyaltyProgram | undefined> => loyaltyProgramEntity.get(id);

export async function listPrograms(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<LoyaltyProgram>> {
  const found = await loyaltyProgramEntity.page(
    { partition: accountProgramsPartition(accountId), index: 'GSI1' },
    page,
  );
  return { ...found, items: found.items.map(present) };
}

/**
 * The programs a patron can find, per account: active and public ones (merchant search lists them
 * for each merchant of the account). One query per account, a few at a time.
 */
export async function listedProgramsOf(accountIds: readonly string[]): Promise<Map<string, { id: string }[]>> {
  const listed = new Map<string, { id: string }[]>();
  const ids = [...new Set(accountIds)];
  for (let i = 0; i < ids.length; i += 25) {
    await Promise.all(
      ids.slice(i, i + 25).map(async (accountId) => {
        const programs = await loyaltyProgramEntity.all({
          partition: accountProgramsPartition(accountId),
          index: 'GSI1',
          filter: {
            expression: '#status = :active AND visibility = :public',
            names: { '#status': 'status' },
            values: { ':active': 'active', ':public': 'public' },
          },
        });
        if (programs.length)
          listed.set(
            accountId,
            programs.map(({ id }) => ({ id })),
          );
      }),
    );
  }
  return listed;
}

/** The served program: its member count carried as a string. */
export const present = ({ members, ...program }: StoredLoyaltyProgram): LoyaltyProgram =>
  publicView<LoyaltyProgram>(loyaltyProgram, { ...program, memberCount: String(members) });

/** An account's active programs (the programs its merchants' payments count toward). */
export const activeProgramsOf = (accountId: string): Promise<StoredLoyaltyProgram[]> =>
  loyaltyProgramEntity.all({
    partition: accountProgramsPartition(accountId),
    index: 'GSI1',
    filter: { expression: '#status = :active', names: { '#status': 'status' }, values: { ':active': 'active' } },
  });
