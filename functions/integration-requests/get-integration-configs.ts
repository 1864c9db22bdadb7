import { authedOperation } from '../core/http/operation';
import { loadRequest } from './load-request';

/** The configuration the operator set (`{}` until then). */
export const getIntegrationConfigs = authedOperation(async (request) => {
  const { terminalId } = await loadRequest(request, 'either');
  return terminalId !== undefined ? { terminalId } : {};
});
