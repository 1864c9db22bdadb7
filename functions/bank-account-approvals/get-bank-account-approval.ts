import { authedOperation } from '../core/http/operation';
import { present } from './approval-store';
import { loadApproval } from './load';

export const getBankAccountApproval = authedOperation(async (request) => present(await loadApproval(request)));
