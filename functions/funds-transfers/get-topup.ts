import { authedOperation } from '../core/http/operation';
import { loadForCaller } from './load-funds-transfer';
import { present } from './transfer-store';

export const getTopup = authedOperation(async (request) =>
  present((await loadForCaller(request, request.params.topupId, 'topup')).transfer),
);
