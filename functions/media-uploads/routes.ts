import type { RouteSpec } from '../core/http/route';

/** The media-uploads group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/media-uploads',
    operation: 'createMediaUpload',
    permission: 'media-uploads:create',
    authentication: 'apiKey',
    body: 'CreateMediaUploadForm',
    bodyEncoding: 'multipart',
    response: 'MediaUploadCreated',
    labels: ['experimental'],
    summary: 'Upload a file for a purpose (multipart: file, purpose); its type is decided from its bytes',
  },
  {
    method: 'GET',
    path: '/api/media-uploads/{mediaUploadId}/location',
    operation: 'getMediaUploadLocation',
    permission: 'media-uploads:read',
    authentication: 'apiKey',
    response: 'MediaUploadLocation',
    labels: ['experimental'],
    summary: 'A time-limited URL that downloads the uploaded file',
  },
  // A branding logo's image at a stable public address (docs/api/media-uploads.md): what `img`, `issuerImg` and
  // `logoImg` name, shown to patrons who hold no key. The upload's id names immutable content.
  {
    method: 'GET',
    path: '/media/{mediaUploadId}',
    operation: 'getBrandingImage',
    permission: null,
    authentication: 'none',
    contentType: 'image/*',
    impossibleId: 'notFound',
    summary: "A branding logo's image, public and cacheable; any other upload is 404",
  },
] as const satisfies readonly RouteSpec[];
