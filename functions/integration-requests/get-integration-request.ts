import { authedOperation } from '../core/http/operation';
import { loadRequest } from './load-request';
import { present } from './request-store';

export const getIntegrationRequest = authedOperation(async (request) => present(await loadRequest(request, 'either')));
