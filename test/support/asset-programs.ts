import { api, type TestAccount, type Json } from './api';
import { newBankAccount } from './bank';
import { newCollection, ok } from './value';

/** Fixtures of asset programs, memberships and configs, made through the API. */

export const PROGRAM_URLS = {
  termsOfServiceUrl: 'https://example.com/terms',
  privacyPolicyUrl: 'https://example.com/privacy',
};

/** A program of `owner` (a collection manager when it names its own collection). */
export async function newAssetProgram(owner: TestAccount, body: Record<string, unknown> = {}): Promise<Json> {
  const collectionIds = 'collectionIds' in body ? body.collectionIds : [(await newCollection(owner)).id];
  return ok(
    api('POST', '/api/asset-programs', {
      key: owner.apiKey,
      body: {
        name: 'Fuel Rewards',
        accountId: owner.accountId,
        assetTypes: ['svc.nzd.test'],
        ...PROGRAM_URLS,
        ...body,
        collectionIds,
      },
    }),
    'asset program',
  );
}

/** A membership of `member` in the program, billed to a new bank account of the member. */
export async function newMembership(
  member: TestAccount,
  assetProgramId: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  const bank = await newBankAccount(member);
  return ok(
    api('POST', '/api/asset-program-memberships', {
      key: member.apiKey,
      body: { assetProgramId, accountId: member.accountId, billingBankAccountId: bank.id, ...body },
    }),
    'asset program membership',
  );
}
