import { businessRule } from '../core/errors/classes';
import type { StoredPaymentRequest } from './payment-request';

/** The documented code for acting on a request that is no longer `new`. */
export function assertNew(request: StoredPaymentRequest): void {
  switch (request.status) {
    case 'new':
      return;
    case 'paid':
      throw businessRule('REQUEST_PAID');
    case 'cancelled':
      throw businessRule('REQUEST_CANCELLED');
    case 'expired':
      throw businessRule('REQUEST_EXPIRED');
  }
}
