import type { FromSchema } from 'json-schema-to-ts';
import type { createConnectionBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { loadMerchantFor } from '../merchants';
import { connectionEntity, type StoredConnection } from './entities';
import { present } from './connection-views';

type Body = FromSchema<typeof createConnectionBody>;

/**
 * A sales channel's request to connect a wallet to one of its merchants: `created`, with the link
 * (`url`) a wallet app opens to authorize it. Only keys of the account that made it may name it
 * on payment requests.
 */
export const createConnection = authedOperation<Body>(async ({ body, auth, now }) => {
  const merchant = await loadMerchantFor(body.merchantId, auth.access);
  const id = newId('connection');
  const record: StoredConnection = {
    id,
    createdBy: auth.principal.crn,
    createdByAccountName: auth.principal.account.name,
    createdByAccountId: auth.principal.accountId,
    createdAt: isoTimestamp(now),
    status: 'created',
    url: `${config().appBaseUrl}/connect/${id}`,
    merchantId: merchant.id,
    test: merchant.test,
    version: 1,
  };
  await connectionEntity.create(record);
  return present(record);
});
