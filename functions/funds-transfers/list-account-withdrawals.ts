import { authedOperation } from '../core/http/operation';
import { transferPage, type TransfersQuery } from './transfer-pages';

export const listAccountWithdrawals = authedOperation<unknown, TransfersQuery>((request) =>
  transferPage(request, request.params.accountId, 'withdrawal', request.query),
);
