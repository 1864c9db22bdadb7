import { config } from '../core/config';
import { PUBLIC_MEDIA } from '../core/infrastructure';
import type { Purpose } from './file-types';
import { brandingImagePath, brandingObjectKey, mediaObjectKey } from './keys';

/**
 * Headers of a served logo, by the function locally and by the CDN on AWS (lib/constructs/media-cdn.ts). Its id names
 * bytes that never change, so anyone may keep it for a year; the type was decided from the bytes at upload (PNG or
 * JPEG only: SVG, which can carry script, is refused there), and the CSP and `nosniff` keep a browser from treating it
 * as anything but that image.
 */
export const BRANDING_IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
} as const;

/** Where an upload's bytes go: a branding logo's at its public key, every other file under its account's prefix. */
export const uploadObjectKey = (purpose: Purpose, accountId: string, id: string): string =>
  purpose === 'branding-logo' ? brandingObjectKey(id) : mediaObjectKey(accountId, id);

/** The stable public URL of a logo's image: the CDN's where the stack names one, else the platform's base URL. */
export function brandingImageUrl(id: string): string {
  const base = process.env[PUBLIC_MEDIA.baseUrlVariable] || config().appBaseUrl;
  return `${base}${brandingImagePath(id)}`;
}
