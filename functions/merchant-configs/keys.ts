/**
 * Keys of the merchant-configs group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | merchant config | MC#<id>                 | MC                 | MERCHANTCONFIGS#<merchantId>, <createdAt>#<id> | get config; configs of a merchant |
 * | token collection| COLLECTION#<id>         | COLLECTION         |                                       | collection lookups (merchant config validation) |
 */
export const merchantConfigKey = (id: string) => ({ PK: `MC#${id}`, SK: 'MC' });
export const merchantConfigsIndex = (merchantId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `MERCHANTCONFIGS#${merchantId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const collectionKey = (id: string) => ({ PK: `COLLECTION#${id}`, SK: 'COLLECTION' });
