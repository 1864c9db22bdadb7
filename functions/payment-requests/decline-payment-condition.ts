import { setCondition } from './payment-conditions';

export const declinePaymentCondition = setCondition('decline');
