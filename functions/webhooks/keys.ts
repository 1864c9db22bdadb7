/**
 * Keys of the webhooks group's entities and the access patterns they serve. One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | webhook         | ACCOUNT#<accountId>     | WEBHOOK#<id>       |                                       | an account's webhook endpoints (Query, a small operator-made set) |
 * | webhook delivery| WEBHOOKDELIVERY#<id>    | WEBHOOKDELIVERY    | ACCOUNTDELIVERIES#<accountId>, <createdAt>#<id> | one (event, target) delivery; deliveries of an account, newest first |
 */
export const webhookKey = (accountId: string, id: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `WEBHOOK#${id}` });
export const webhooksOfAccount = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SKPrefix: 'WEBHOOK#' });
export const webhookDeliveryKey = (id: string) => ({ PK: `WEBHOOKDELIVERY#${id}`, SK: 'WEBHOOKDELIVERY' });
export const accountDeliveriesIndex = (accountId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `ACCOUNTDELIVERIES#${accountId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});

