/**
 * Keys of the payment-requests group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | payment request | PR#<id>                 | PR                 | EXTREF#<merchantAccountId>#<externalRef>, <createdAt>#<id>; GSI2 SHORTCODE#<code>, <createdAt>#<id> | get; by external ref; latest by short code |
 * | payment activity| PR#<prId>               | ACTIVITY#<seq 15 digits> | MERCHANTACTIVITY#<merchantId>, <createdAt>#<prId>#<seq> | activities of a request; of a merchant, newest first |
 * | patron PR link  | PATRONPR#<patronAccountId> | <createdAt>#<prId> |                                     | latest request attached to a patron's codes |
 * | connection      | CONNECTION#<id>         | CONNECTION         |                                       | payment request links to sales channels |
 * | payment link    | PAYMENTLINK#<id>        | PAYMENTLINK        |                                       | payment request links to payment links |
 */
export const paymentRequestKey = (id: string) => ({ PK: `PR#${id}`, SK: 'PR' });
export const externalRefIndex = (merchantAccountId: string, externalRef: string, createdAt?: string, id?: string) => ({
  GSI1PK: `EXTREF#${merchantAccountId}#${externalRef}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const shortCodeIndex = (shortCode: string, createdAt?: string, id?: string) => ({
  GSI2PK: `SHORTCODE#${shortCode}`,
  GSI2SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const activityKey = (paymentRequestId: string, activityNumber: number) => ({
  PK: `PR#${paymentRequestId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});
export const activitiesOfRequest = (paymentRequestId: string) => ({ PK: `PR#${paymentRequestId}`, SKPrefix: 'ACTIVITY#' });
export const merchantActivityIndex = (merchantId: string, createdAt?: string, paymentRequestId?: string, activityNumber?: number) => ({
  GSI1PK: `MERCHANTACTIVITY#${merchantId}`,
  GSI1SK: createdAt && paymentRequestId && activityNumber !== undefined ? `${createdAt}#${paymentRequestId}#${String(activityNumber).padStart(15, '0')}` : '',
});
export const patronRequestLinkKey = (patronAccountId: string, createdAt: string, paymentRequestId: string) => ({
  ...patronRequestLinksOf(patronAccountId),
  SK: `${createdAt}#${paymentRequestId}`,
});
export const patronRequestLinksOf = (patronAccountId: string) => ({ PK: `PATRONPR#${patronAccountId}` });

export const connectionKey = (id: string) => ({ PK: `CONNECTION#${id}`, SK: 'CONNECTION' });
export const paymentLinkKey = (id: string) => ({ PK: `PAYMENTLINK#${id}`, SK: 'PAYMENTLINK' });

