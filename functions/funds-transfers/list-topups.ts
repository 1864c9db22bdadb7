import { authedOperation } from '../core/http/operation';
import { topupList } from './transfer-pages';

/** The top ups of the account the caller's key belongs to. */
export const listTopups = authedOperation((request) => topupList(request, request.auth.principal.accountId));
