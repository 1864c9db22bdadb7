/**
 * Keys of the wallets group's entities and the access patterns they serve. One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | wallet (app)    | WALLETAPP#<id>          | WALLETAPP          | GSI1 WALLETAPPS, <id>                 | get; every consumer wallet (a small, bounded set) |
 * | media upload    | MEDIAUPLOAD#<id>        | MEDIAUPLOAD        |                                       | media references (logos)              |
 */
export const walletAppKey = (id: string) => ({ PK: `WALLETAPP#${id}`, SK: 'WALLETAPP' });
export const walletAppsIndex = (id?: string) => ({ GSI1PK: 'WALLETAPPS', GSI1SK: id ?? '' });
export const mediaUploadKey = (id: string) => ({ PK: `MEDIAUPLOAD#${id}`, SK: 'MEDIAUPLOAD' });

