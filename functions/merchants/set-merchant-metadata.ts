import type { FromSchema } from 'json-schema-to-ts';
import type { merchantMetadataBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { mergeMetadata } from '../core/metadata';
import { loadMerchantFor } from './load-merchant';
import { saveMerchant } from './merchant-store';

type Body = FromSchema<typeof merchantMetadataBody>;

const MAX_METADATA_KEYS = 10;

/** Merges metadata (an empty string removes a key); concurrent merges never lose a key. */
export const setMerchantMetadata = authedOperation<Body>(async ({ params, body, auth, now }) =>
  retryOnConflict(async () => {
    const merchant = await loadMerchantFor(params.merchantId, auth.access);
    const metadata = mergeMetadata(
      merchant.metadata as Record<string, string> | undefined,
      body.metadata as Record<string, string>,
    );
    if (Object.keys(metadata).length > MAX_METADATA_KEYS)
      throw badRequest(`metadata must have at most ${MAX_METADATA_KEYS} keys`);
    const at = isoTimestamp(now);
    await saveMerchant(merchant, { ...merchant, metadata, updatedAt: at, updatedBy: auth.principal.crn });
    return { merchantId: merchant.id, createdAt: at, createdBy: auth.principal.crn, metadata };
  }),
);
