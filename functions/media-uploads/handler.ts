import { groupHandler } from '../group-lambda';
import { createMediaUpload } from './create-media-upload';
import { getMediaUploadLocation } from './get-media-upload-location';

export const handler = groupHandler('media-uploads', {
  createMediaUpload,
  getMediaUploadLocation,
});
