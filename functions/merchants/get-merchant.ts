import { authedOperation } from '../core/http/operation';
import { loadMerchantFor } from './load-merchant';
import { present } from './merchant-store';

export const getMerchant = authedOperation(async ({ params, auth }) =>
  present(await loadMerchantFor(params.merchantId, auth.access)),
);
