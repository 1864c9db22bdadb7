import { groupHandler } from '../group-lambda';
import { legacyCancelRequest } from './cancel-legacy-request';
import { legacyCreateRequest } from './create-legacy-request';
import { legacyRequestInfo } from './get-legacy-request-info';
import { legacyPayRequest } from './pay-legacy-request';
import { legacyRefundTransaction } from './refund-legacy-transaction';
import { legacyVoidRequest } from './void-legacy-request';

export const handler = groupHandler('legacy-payment-requests', {
  legacyCreateRequest,
  legacyRequestInfo,
  legacyPayRequest,
  legacyCancelRequest,
  legacyVoidRequest,
  legacyRefundTransaction,
});
