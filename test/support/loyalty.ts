import { api, newAccount, type Json, type TestAccount } from './api';
import { logoForm } from './media';
import { newFundedWallet, newMerchant, type MerchantSetup } from './payments';
import { newLoyaltyProgram, ok } from './value';

/** The docs' example program's description. */
export const CAFE_DESCRIPTION = 'Centrapay Cafe Loyalty: Earn rewards, enjoy perks! Join now!';

/** What a program owner's funding wallet holds unless a test says: more than its rewards take. */
export const FUNDS = '100000';

/**
 * A merchant whose account also holds a svc.nzd.test wallet of its own with `funds`: the wallet its promotions' money
 * rewards are paid from, never the settlement wallet its merchant config names.
 */
export async function fundedMerchant(funds = FUNDS): Promise<MerchantSetup & { fundingWalletId: string }> {
  const merchant = await newMerchant();
  return { ...merchant, fundingWalletId: await newFundedWallet(merchant.owner, funds) };
}

/** A new loyalty program of the owner, activated: one accounts can join. */
export async function newActiveProgram(owner: TestAccount, body: Record<string, unknown> = {}): Promise<Json> {
  const program = await newLoyaltyProgram(owner, body);
  return ok(api('POST', `/api/loyalty-programs/${program.id}/activate`, { key: owner.apiKey }), 'activate program');
}

/** The member account joins the program (with its own key). */
export const join = (programId: string, member: TestAccount) =>
  api('POST', `/api/loyalty-programs/${programId}/memberships`, {
    key: member.apiKey,
    body: { accountId: member.accountId },
  });

/** An account with a logo of its own, and the docs' example program details naming it. */
export async function cafeOwner(): Promise<{ owner: TestAccount; logo: string; details: Record<string, string> }> {
  const owner = await newAccount();
  const logo = (await ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form: logoForm() }))).id;
  const details = { name: 'Centrapay Cafe Loyalty Program', description: CAFE_DESCRIPTION, mediaUploadId: logo };
  return { owner, logo, details };
}

/** A challenge body: `target` payments (or a sum) earn `reward` minor units of svc.nzd.test. */
export const challenge = (target: Record<string, unknown>, reward = '500', extra: Record<string, unknown> = {}) => ({
  name: 'Spend a Buck',
  eventType: 'payment',
  type: 'challenge',
  params: { target, rewards: { and: [{ assetType: 'svc.nzd.test', amount: reward }] } },
  ...extra,
});

/** A promotion of the program, made by its owner. */
export const newPromotion = (owner: TestAccount, programId: string, body: Record<string, unknown>) =>
  ok(api('POST', `/api/loyalty-programs/${programId}/promotions`, { key: owner.apiKey, body }), 'promotion');

/** The account's promotion memberships (of one program). */
export const promotionMemberships = async (member: TestAccount, programId: string): Promise<Json[]> =>
  (
    await ok(
      api('GET', `/api/accounts/${member.accountId}/promotion-memberships?loyaltyProgramId=${programId}`, {
        key: member.apiKey,
      }),
    )
  ).items;
