import { defineEntity } from '../core/db/entity';
import type { DetectedType, Purpose } from './file-types';
import { mediaUploadKey } from './keys';

/** A media upload as stored: the file's facts and where its bytes are; the bytes live in the media bucket. */
export interface MediaUpload {
  id: string;
  accountId: string;
  purpose: Purpose;
  /** Decided from the bytes. */
  contentType: DetectedType;
  size: number;
  /** The filename the client gave, kept for display only. */
  fileName?: string;
  objectKey: string;
  test?: boolean;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export const mediaUploadEntity = defineEntity<MediaUpload, [string]>({
  type: 'media-upload',
  version: 1,
  key: mediaUploadKey,
  keyOf: (record) => mediaUploadKey(record.id),
  required: ['id', 'accountId', 'purpose', 'contentType', 'size', 'objectKey', 'createdAt', 'createdBy'],
});
