import type { FromSchema } from 'json-schema-to-ts';
import type { createWalletAssetBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { insertWalletAsset } from './asset-store';

type Body = FromSchema<typeof createWalletAssetBody>;

export const createWalletAsset = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  return insertWalletAsset(
    {
      accountId: account.id,
      accountTest: account.test === true,
      ledgerId: body.ledgerId,
      settlement: body.settlement === true || body.settlement === 'true',
    },
    auth.principal.crn,
    now,
  );
});
