import { idOf, pageQuery } from '../../schemas/common';

export const externalRefQuery = {
  type: 'object',
  required: ['merchantAccountId'],
  properties: { merchantAccountId: idOf('id'), ...pageQuery },
} as const;

export const paymentActivitiesQuery = {
  type: 'object',
  required: ['merchantId'],
  properties: { merchantId: idOf('id'), ...pageQuery },
} as const;

/**
 * The payment-activities group's schemas by id; functions/schemas.ts assembles every group's. Its
 * listings answer payment-requests' page schemas, named by id in routes.ts.
 */
export const SCHEMAS = {
  ExternalRefQuery: externalRefQuery,
  PaymentActivitiesQuery: paymentActivitiesQuery,
} as const;
