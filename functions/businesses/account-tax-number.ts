import { accountBusinessEntity, businessEntity, type Business } from './entities';

/**
 * The tax number of an account's business, if it has one: what a payment request of the account's merchants
 * carries (a tax invoice names the supplier's GST number). Two strongly consistent reads, the account's claim then
 * its business.
 */
export async function accountTaxNumber(accountId: string): Promise<Business['taxNumber'] | undefined> {
  const claim = await accountBusinessEntity.get(accountId);
  const business = claim && (await businessEntity.get(claim.businessId));
  return business?.taxNumber;
}
