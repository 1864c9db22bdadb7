import { MEDIA_PREFIX } from '../core/infrastructure';

/**
 * Keys of the media-uploads group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - media upload: PK MEDIAUPLOAD#<id>, SK MEDIAUPLOAD
 *   serves: get (location); checks of a mediaUploadId other records name
 *
 * The file itself is the media bucket's object `media/<accountId>/<id>`.
 */
export const mediaUploadKey = (id: string) => ({ PK: `MEDIAUPLOAD#${id}`, SK: 'MEDIAUPLOAD' });
export const mediaObjectKey = (accountId: string, id: string) => `${MEDIA_PREFIX}${accountId}/${id}`;
