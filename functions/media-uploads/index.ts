/** The media-uploads group's public face: what other groups may use of it. */
export type { MediaUpload } from './entities';
export type { Purpose as MediaUploadPurpose } from './file-types';
export { brandingImage, readMediaFile, requireMediaUpload } from './media-store';
export { BRANDING_IMAGE_HEADERS } from './branding';
