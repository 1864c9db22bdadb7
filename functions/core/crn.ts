/** Caller names recorded as `createdBy` / `updatedBy`. */
export const apiKeyCrn = (accountId: string, keyName: string) => `crn:${accountId}:api-key:${keyName}`;
export const userCrn = (userId: string) => `crn::user:${userId}`;
export const serviceCrn = (service: string) => `crn::service:${service}`;
