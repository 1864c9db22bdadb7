import type { FromSchema } from 'json-schema-to-ts';
import type { createCollectionBody } from './schemas';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { parsePositiveAmount } from '../core/money';
import { brandingImage } from '../media-uploads';
import { insertCollection, presentCollection } from './collection-store';

type Body = FromSchema<typeof createCollectionBody>;

/**
 * A collection of the named account (collection-manager accounts); its
 * tokens' rules and branding (a branding-logo upload of the account).
 */
export const createCollection = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  if (body.type === 'discount' && !body.maxValue) throw badRequest('maxValue is required for discount collections');
  if (body.maxValue) parsePositiveAmount('maxValue.amount', body.maxValue.amount);
  const branding = body.mediaUploadId ? await brandingImage(body.mediaUploadId, account.id) : {};
  const after = body.tokenExpiresAfter;
  const collection = await insertCollection(
    {
      name: body.name,
      accountId: account.id,
      type: body.type,
      ...(after
        ? {
            tokenExpiresAfter: {
              period: after.period,
              duration: String(after.duration),
              ...(after.ceil ? { ceil: after.ceil } : {}),
            },
          }
        : {}),
      ...(body.tokenExpiresAt ? { tokenExpiresAt: new Date(body.tokenExpiresAt).toISOString() } : {}),
      ...(body.maxValue ? { maxValue: { currency: body.maxValue.currency, amount: body.maxValue.amount } } : {}),
      ...branding,
      ...(body.externalId ? { externalId: body.externalId } : {}),
      // The issuer's display name: the owning account's (a business linked to it would name it).
      issuer: account.name,
      test: account.test === true,
    },
    auth.principal.crn,
    now,
  );
  return presentCollection(collection);
});
