import type { RouteSpec } from '../core/http/route';

/** The businesses group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/businesses', operation: 'createBusiness',
    permission: 'business:create', authentication: 'apiKey', body: 'CreateBusinessBody', response: 'Business', alsoNeeds: ['accounts:create'],
    summary: 'Create the business of a company in the register, for an org account (a new one when accountId is omitted)',
  },
  {
    method: 'PUT', path: '/api/businesses/{businessId}', operation: 'updateBusiness',
    permission: 'business:update', authentication: 'apiKey', body: 'UpdateBusinessBody', response: 'Business', summary: 'Update a business',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/business', operation: 'getAccountBusiness',
    permission: 'business:read', authentication: 'apiKey', response: 'Business', summary: "An account's business",
  },
  {
    method: 'POST', path: '/api/businesses/{businessId}/set-onboarding-status', operation: 'setBusinessOnboardingStatus',
    permission: 'business:update', authentication: 'apiKey', body: 'SetBusinessOnboardingStatusBody', response: 'BusinessActivity',
    summary: 'Set the onboarding status of a business (with a reason where required)',
  },
  {
    method: 'GET', path: '/api/nzbn-search', operation: 'searchCompanyRegister',
    permission: 'company-register:read', authentication: 'apiKey', query: 'RegisterSearchQuery', response: 'RegisterSearchResults',
    summary: 'Search the company register by company name, NZBN or company number (most relevant first)',
  },
  {
    method: 'GET', path: '/api/nzbn/{nzbn}', operation: 'getRegisteredCompany',
    permission: 'company-register:read', authentication: 'apiKey', response: 'RegisterDetails', summary: "A company's register details",
    impossibleId: 'badRequest',
  },
] as const satisfies readonly RouteSpec[];
