import { authedOperation } from '../core/http/operation';
import { loadPaymentLink } from './load-payment-link';
import { present } from './payment-link-store';

export const getPaymentLink = authedOperation(async (request) => present(await loadPaymentLink(request)));
