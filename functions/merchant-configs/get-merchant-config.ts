import { authedOperation } from '../core/http/operation';
import { loadConfig } from './load-merchant-config';
import { present } from './merchant-config-store';

export const getMerchantConfig = authedOperation(async ({ params, auth }) =>
  present(await loadConfig(params.configId, auth.access)),
);
