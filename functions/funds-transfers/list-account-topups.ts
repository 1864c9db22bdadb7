import { authedOperation } from '../core/http/operation';
import { topupList } from './transfer-pages';

export const listAccountTopups = authedOperation((request) => topupList(request, request.params.accountId));
