/**
 * Keys of the merchants group's entities and the access patterns they serve. One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | merchant        | MERCHANT#<id>           | MERCHANT           | ACCOUNTMERCHANTS#<accountId>, <createdAt>#<id>; GSI2 MERCHANTSEARCH#<test|live>, <lower name>#<id> | get; merchants of an account, newest first; search by name prefix |
 * | merchant activity | MERCHANT#<id>         | ACTIVITY#<seq 15 digits> |                                 | onboarding status history             |
 */
export const merchantKey = (id: string) => ({ PK: `MERCHANT#${id}`, SK: 'MERCHANT' });
export const accountMerchantsIndex = (accountId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `ACCOUNTMERCHANTS#${accountId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const merchantSearchIndex = (test: boolean, name?: string, id?: string) => ({
  GSI2PK: `MERCHANTSEARCH#${test ? 'test' : 'live'}`,
  GSI2SK: name !== undefined && id ? `${name.toLowerCase()}#${id}` : '',
});
export const merchantActivityKey = (merchantId: string, activityNumber: number) => ({
  PK: `MERCHANT#${merchantId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});

