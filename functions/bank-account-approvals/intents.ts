import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '../core/config';
import { publicView } from '../core/db/entity';
import type { ConnectionIntent, ConnectionIntentView } from './entities';
import { connectionIntent as intentSchema } from './schemas';

/** Where a connection intent's consent flow starts: the simulated bank's consent page, served by the platform. */
export const consentPath = (intentId: string, page?: 'approve' | 'decline' | 'complete') =>
  `/bank-consent/${encodeURIComponent(intentId)}${page ? `/${page}` : ''}`;
export const authorizationUrl = (intentId: string) => `${config().appBaseUrl}${consentPath(intentId)}`;

/** docs/api/conventions.md: the create response stamps times as `<date> <time> UTC`. */
const utcStamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export const presentIntent = (intent: ConnectionIntent): ConnectionIntentView =>
  publicView<ConnectionIntentView>(intentSchema, {
    ...intent,
    createdAt: utcStamp(intent.createdAt),
    updatedAt: utcStamp(intent.updatedAt),
  });

/** Only a hash of a one-time code is kept. */
export const codeHash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export function codeMatches(code: string, hash: string | undefined): boolean {
  if (!hash) return false;
  const given = Buffer.from(codeHash(code), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
