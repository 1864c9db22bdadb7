import { id } from '../../schemas/common';

/**
 * The multipart form of a media upload: `purpose` a text field, `file` a file part (core/http/multipart.ts
 * turns it into its label and size; the bytes stay with the operation).
 */
const createMediaUploadForm = {
  type: 'object',
  required: ['file', 'purpose'],
  properties: {
    purpose: { type: 'string', enum: ['business-onboarding', 'branding-logo', 'bank-statement', 'batch-file'] },
    file: {
      type: 'object',
      required: ['size'],
      properties: {
        filename: { type: 'string', maxLength: 255 },
        contentType: { type: 'string', maxLength: 255 },
        size: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const;

const mediaUploadCreated = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

const mediaUploadLocation = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string' } },
} as const;

/** The media-uploads group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  CreateMediaUploadForm: createMediaUploadForm,
  MediaUploadCreated: mediaUploadCreated,
  MediaUploadLocation: mediaUploadLocation,
} as const;
