import type { FromSchema } from 'json-schema-to-ts';
import type { createPaymentLinkBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { loadMerchantFor } from '../merchants';
import type { StoredPaymentLink } from './entities';
import { insertPaymentLink, present } from './payment-link-store';
import { madeBy } from '../core/audit';

type Body = FromSchema<typeof createPaymentLinkBody>;

/**
 * A merchant's payment link (`created`, no payment request yet): the merchant then makes payment
 * requests through it (`paymentLinkId`), and a payer opening the link finds the latest one.
 */
export const createPaymentLink = authedOperation<Body>(async ({ body, auth, now }) => {
  const merchant = await loadMerchantFor(body.merchantId, auth.access);
  const at = isoTimestamp(now);
  const link: StoredPaymentLink = {
    id: newId('paymentLink'),
    status: 'created',
    name: body.name,
    merchantId: merchant.id,
    merchantAccountId: merchant.accountId,
    test: merchant.test,
    ...madeBy(auth.principal.crn, at),
    version: 1,
  };
  await insertPaymentLink(link);
  return present(link);
});
