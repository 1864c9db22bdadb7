import {
  accountConfigsPartition,
  accountMembershipsPartition,
  assetProgramEntity,
  configEntity,
  memberGuardEntity,
  membershipEntity,
  programConfigsPartition,
  programMembershipsPartition,
  publishedProgramsPartition,
  type AssetProgram,
  type AssetProgramConfig,
  type AssetProgramMembership,
  type StoredAssetProgram,
  type StoredConfig,
  type StoredMembership,
} from './entities';
import { assetProgram, assetProgramConfig, assetProgramMembership } from './schemas';
import { EntityExistsError, publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { madeBy } from '../core/audit';
import { newId } from '../core/ids';
import { businessRule } from '../core/errors/classes';

type PageRequest = { pageKey?: string; paginationLimit?: number };
const presentPage = <T, U>(page: Page<T>, present: (record: T) => U): Page<U> => ({
  ...page,
  items: page.items.map(present),
});

export const findProgram = (id: string) => assetProgramEntity.get(id);
export const insertProgram = (program: StoredAssetProgram) => assetProgramEntity.create(program);
export const replaceProgram = (current: StoredAssetProgram, next: StoredAssetProgram) =>
  assetProgramEntity.replace(current, next);
export const presentProgram = (program: AssetProgram): AssetProgram => publicView<AssetProgram>(assetProgram, program);

export async function queryPublishedPrograms(test: boolean, page: PageRequest): Promise<Page<AssetProgram>> {
  const programs = await assetProgramEntity.page({ partition: publishedProgramsPartition(test), index: 'GSI1' }, page);
  return presentPage(programs, presentProgram);
}

export const findMembership = (id: string) => membershipEntity.get(id);
export const replaceMembership = (current: StoredMembership, next: StoredMembership) =>
  membershipEntity.replace(current, next);
export const presentMembership = (membership: AssetProgramMembership): AssetProgramMembership =>
  publicView<AssetProgramMembership>(assetProgramMembership, membership);

/** A new membership and its guard in one transaction: an account joins a program once (MEMBERSHIP_ALREADY_EXISTS). */
export async function insertMembership(membership: StoredMembership): Promise<void> {
  await runTransaction(membershipSteps(membership));
}

/** The writes of a new membership and its guard, for a transaction of the caller's own (business onboarding). */
export function membershipSteps(membership: StoredMembership): TransactionStep[] {
  const guard = {
    assetProgramId: membership.assetProgramId,
    accountId: membership.accountId,
    membershipId: membership.id,
  };
  return [
    membershipEntity.createStep(membership),
    memberGuardEntity.createStep(guard, { onExists: () => businessRule('MEMBERSHIP_ALREADY_EXISTS') }),
  ];
}

/**
 * A new membership of an account in a program, billed to one of its bank accounts: `created`, or `accepted` /
 * `approved` at once when the caller may and asked to.
 */
export function newMembership(
  input: { accountId: string; program: StoredAssetProgram; billingBankAccountId: string },
  steps: { accept?: boolean; approve?: boolean },
  by: string,
  at: string,
): StoredMembership {
  return {
    id: newId('assetProgramMembership'),
    accountId: input.accountId,
    programAccountId: input.program.accountId,
    assetProgramId: input.program.id,
    status: steps.approve ? 'approved' : steps.accept ? 'accepted' : 'created',
    test: input.program.test,
    tosAcceptedAt: steps.accept ? at : null,
    approvedAt: steps.approve ? at : null,
    billingBankAccountId: input.billingBankAccountId,
    ...madeBy(by, at),
    version: 1,
  };
}

export async function queryAccountMemberships(
  accountId: string,
  page: PageRequest & { status?: string },
): Promise<Page<AssetProgramMembership>> {
  // A status filters the listing and is part of its page keys' scope.
  const filter = page.status
    ? { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': page.status } }
    : undefined;
  const selection = { partition: accountMembershipsPartition(accountId), index: 'GSI1' as const, filter };
  return presentPage(await membershipEntity.page(selection, page), presentMembership);
}

export async function queryProgramMemberships(
  programId: string,
  status: string,
  page: PageRequest,
): Promise<Page<AssetProgramMembership>> {
  const memberships = await membershipEntity.page(
    { partition: programMembershipsPartition(programId, status), index: 'GSI2' },
    page,
  );
  return presentPage(memberships, presentMembership);
}

export const findConfig = (id: string) => configEntity.get(id);
export const presentConfig = (record: AssetProgramConfig): AssetProgramConfig =>
  publicView<AssetProgramConfig>(assetProgramConfig, record);

/** Writes a config unless its id (one per membership and merchant) is taken; answers the stored one. */
export async function insertConfig(record: StoredConfig): Promise<StoredConfig> {
  try {
    return await configEntity.create(record);
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
    const stored = await findConfig(record.id);
    if (!stored) throw new TransactionConflictError();
    return stored;
  }
}

export async function queryAccountConfigs(accountId: string, page: PageRequest): Promise<Page<AssetProgramConfig>> {
  const configs = await configEntity.page({ partition: accountConfigsPartition(accountId), index: 'GSI1' }, page);
  return presentPage(configs, presentConfig);
}

export async function queryProgramConfigs(programId: string, page: PageRequest): Promise<Page<AssetProgramConfig>> {
  const configs = await configEntity.page({ partition: programConfigsPartition(programId), index: 'GSI2' }, page);
  return presentPage(configs, presentConfig);
}
