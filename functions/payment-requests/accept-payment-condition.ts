import { setCondition } from './payment-conditions';

export const acceptPaymentCondition = setCondition('accept');
