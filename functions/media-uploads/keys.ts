import { MEDIA_PREFIX, PUBLIC_MEDIA } from '../core/infrastructure';

/**
 * Keys of the media-uploads group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - media upload: PK MEDIAUPLOAD#<id>, SK MEDIAUPLOAD
 *   serves: get (location); checks of a mediaUploadId other records name
 *
 * The file itself is the media bucket's object `media/<accountId>/<id>`, or, for a branding logo (public),
 * `public/media/<id>`: the public prefix and the image's path, which is all the CDN may read.
 */
export const mediaUploadKey = (id: string) => ({ PK: `MEDIAUPLOAD#${id}`, SK: 'MEDIAUPLOAD' });
export const mediaObjectKey = (accountId: string, id: string) => `${MEDIA_PREFIX}${accountId}/${id}`;
/** The public path of a branding logo's image (GET /media/{mediaUploadId}). */
export const brandingImagePath = (id: string) => `/media/${id}`;
export const brandingObjectKey = (id: string) => `${PUBLIC_MEDIA.prefix}${brandingImagePath(id).slice(1)}`;
