import { ApiError, forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { findBankAccount } from '../bank-accounts';
import type { StoredAssetProgram, StoredConfig, StoredMembership } from './entities';
import { findConfig, findMembership, findProgram } from './store';

type Access = AuthedRequest['auth']['access'];

/**
 * The program the path names, if the caller may act on its
 * owner's account under the route's permission; else FORBIDDEN.
 */
export async function loadProgram({ params, auth }: AuthedRequest): Promise<StoredAssetProgram> {
  const program = await findProgram(params.assetProgramId);
  if (!program) throw forbidden();
  await auth.access.account(program.accountId);
  return program;
}

/** The membership the path names, without an access check (each route decides whose account it acts on). */
export async function findNamedMembership({ params }: AuthedRequest): Promise<StoredMembership> {
  const membership = await findMembership(params.assetProgramMembershipId);
  if (!membership) throw forbidden();
  return membership;
}

/** The membership the path names, acted on for its member account. */
export async function loadMemberMembership(request: AuthedRequest): Promise<StoredMembership> {
  const membership = await findNamedMembership(request);
  await request.auth.access.account(membership.accountId);
  return membership;
}

export async function loadConfig({ params, auth }: AuthedRequest): Promise<StoredConfig> {
  const config = await findConfig(params.assetProgramConfigId);
  if (!config) throw forbidden();
  await eitherAccount(auth.access, config.accountId, config.programAccountId);
  return config;
}

/** A membership or config is read by its member account and by the program's owner: either reaches, else FORBIDDEN. */
export async function eitherAccount(access: Access, memberAccountId: string, programAccountId: string): Promise<void> {
  try {
    await access.account(memberAccountId);
  } catch (error) {
    if (!(error instanceof ApiError) || memberAccountId === programAccountId) throw error;
    await access.account(programAccountId);
  }
}

/**
 * A membership is billed to a bank account of its member account. A missing, archived or other
 * account's bank account answers alike (FORBIDDEN), so another account's ids never show.
 */
export async function billingBankAccount(accountId: string, bankAccountId: string): Promise<string> {
  const bank = await findBankAccount(bankAccountId);
  if (!bank || bank.accountId !== accountId || bank.status === 'archived') throw forbidden();
  return bank.id;
}
