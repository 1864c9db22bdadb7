import type { FromSchema } from 'json-schema-to-ts';
import type { patronCodeMetadataBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { mergeMetadata } from '../core/metadata';
import { findPatronCode, isLive, readableCode, saveMetadata } from './patron-code-store';

type Body = FromSchema<typeof patronCodeMetadataBody>;

const MAX_METADATA_KEYS = 10;

/**
 * Merges metadata into a live code of the caller's account (an empty string removes a key). The
 * matrix has no write permission for patron codes besides create, so this rides on
 * patron-codes:read; another account's code answers like a missing one.
 */
export const setPatronCodeMetadata = authedOperation<Body>(async ({ params, body, auth, now }) =>
  retryOnConflict(async () => {
    const code = await readableCode(auth.access, await findPatronCode(params.patronCodeId));
    if (!isLive(code, now)) throw businessRule('PATRON_CODE_INVALID');
    const metadata = mergeMetadata(code.metadata as Record<string, string>, body.metadata as Record<string, string>);
    if (Object.keys(metadata).length > MAX_METADATA_KEYS)
      throw badRequest(`metadata must have at most ${MAX_METADATA_KEYS} keys`);
    await saveMetadata(code, metadata);
    return { patronCodeId: code.id, createdAt: isoTimestamp(now), createdBy: auth.principal.crn, metadata };
  }),
);
