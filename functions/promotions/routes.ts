import type { RouteSpec } from '../core/http/route';

const labels = ['experimental'] as const;

/** The promotions group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/loyalty-programs/{loyaltyProgramId}/promotions',
    operation: 'createPromotion',
    permission: 'promotions:create',
    // Its money rewards are paid out of the owner's wallets: making it spends them (create-promotion.ts).
    alsoNeeds: ['assets:spend'],
    authentication: 'apiKey',
    body: 'CreatePromotionBody',
    response: 'Promotion',
    summary: "Create a challenge of a loyalty program, its rewards funded from the owner's wallets",
    labels,
  },
  {
    method: 'GET',
    path: '/api/promotions/{promotionId}',
    operation: 'getPromotion',
    permission: 'promotions:read',
    authentication: 'apiKey',
    response: 'Promotion',
    summary: 'Get a promotion',
    labels,
  },
  {
    method: 'GET',
    path: '/api/loyalty-programs/{loyaltyProgramId}/promotions',
    operation: 'listProgramPromotions',
    permission: 'promotions:read',
    authentication: 'apiKey',
    query: 'PromotionsQuery',
    response: 'PromotionPage',
    summary: "A loyalty program's promotions, newest first",
    labels,
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/promotions',
    operation: 'listAccountPromotions',
    permission: 'promotions:read',
    authentication: 'apiKey',
    query: 'PromotionsQuery',
    response: 'PromotionPage',
    summary: "An account's promotions, newest first",
    labels,
  },
  {
    method: 'GET',
    path: '/api/promotions/{promotionId}/activities',
    operation: 'listPromotionActivities',
    permission: 'promotions:read',
    authentication: 'apiKey',
    query: 'PromotionsQuery',
    response: 'PromotionActivityPage',
    summary: "A promotion's activities, newest first",
    labels,
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/promotion-memberships',
    operation: 'listPromotionMemberships',
    permission: 'promotion-memberships:read',
    authentication: 'apiKey',
    query: 'PromotionMembershipsQuery',
    response: 'PromotionMembershipPage',
    summary: "An account's promotion memberships with its progress",
    labels,
  },
] as const satisfies readonly RouteSpec[];
