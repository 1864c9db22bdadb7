import type { RouteSpec } from '../core/http/route';

/** The invitations group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/invitations',
    operation: 'createInvitation',
    permission: 'invitations:create',
    authentication: 'apiKey',
    body: 'CreateInvitationBody',
    response: 'Invitation',
    summary:
      'Invite a recipient (email) to a resource: an org account with a role ' +
      '(INVALID_ACCOUNT_TYPE, RECIPIENT_ALREADY_INVITED)',
  },
  {
    method: 'GET',
    path: '/api/invitations/code/{code}',
    operation: 'getInvitationByCode',
    permission: 'invitations:read',
    authentication: 'apiKey',
    response: 'Invitation',
    summary: 'Get an invitation by its code (without its recipient alias)',
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/invitations',
    operation: 'listInvitations',
    permission: 'invitations:list',
    authentication: 'apiKey',
    query: 'InvitationsQuery',
    response: 'InvitationList',
    summary: "List an account's invitations, newest first (pageKey, paginationLimit)",
  },
  {
    method: 'POST',
    path: '/api/invitations/{invitationId}/accept',
    operation: 'acceptInvitation',
    permission: 'invitations:accept',
    authentication: 'apiKey',
    body: 'AcceptInvitationBody',
    response: 'Invitation',
    summary:
      'Accept an invitation as its recipient (a signed-in user whose email is the alias): the invited role is theirs',
  },
  {
    method: 'POST',
    path: '/api/invitations/{invitationId}/revoke',
    operation: 'revokeInvitation',
    permission: 'invitations:revoke',
    authentication: 'apiKey',
    response: 'Invitation',
    summary: 'Revoke an invitation (INVITATION_EXPIRED, INVITATION_ACCEPTED)',
  },
  {
    method: 'GET',
    path: '/invitations/{invitationId}',
    operation: 'renderInvitationPage',
    permission: null,
    authentication: 'none',
    query: 'InvitationPageQuery',
    contentType: 'text/html',
    summary: 'The page an invitation email links to: what the recipient is invited to and how to accept (its code)',
  },
] as const satisfies readonly RouteSpec[];
