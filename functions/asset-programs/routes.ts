import type { RouteSpec } from '../core/http/route';

const PROGRAM = '/api/asset-programs/{assetProgramId}';
const MEMBERSHIP = '/api/asset-program-memberships/{assetProgramMembershipId}';
const experimental = ['experimental'] as const;

/** The asset-programs group's routes (programs, memberships, per-merchant configs); functions/routes.ts assembles every group's. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/asset-programs', operation: 'createAssetProgram',
    permission: 'asset-programs:create', authentication: 'apiKey', body: 'CreateAssetProgramBody', response: 'AssetProgram', labels: experimental,
    summary: "Publish an asset program of an org account: its asset types, the account's token collections, terms and privacy policy",
  },
  {
    method: 'GET', path: '/api/asset-programs', operation: 'listAssetPrograms',
    permission: 'asset-programs:read', authentication: 'apiKey', query: 'AssetProgramsQuery', response: 'AssetProgramPage', labels: experimental,
    summary: "Published asset programs of the caller's liveness (or `test`'s), newest first",
  },
  {
    method: 'GET', path: PROGRAM, operation: 'getAssetProgram',
    permission: 'asset-programs:read', authentication: 'apiKey', response: 'AssetProgram', labels: experimental, summary: 'Get a published asset program',
  },
  {
    method: 'POST', path: `${PROGRAM}/set-privacy-policy-url`, operation: 'setPrivacyPolicyUrl',
    permission: 'asset-programs:update', authentication: 'apiKey', body: 'AssetProgramPrivacyPolicyUrlBody', response: 'AssetProgram', labels: experimental,
    summary: "Set an asset program's privacy policy URL",
  },
  {
    method: 'POST', path: `${PROGRAM}/terms-of-service`, operation: 'setTermsOfServiceUrl',
    permission: 'asset-programs:update', authentication: 'apiKey', body: 'AssetProgramTermsOfServiceUrlBody', response: 'AssetProgram', labels: experimental,
    summary: "Set an asset program's terms of service URL",
  },
  {
    method: 'POST', path: `${PROGRAM}/set-terms-of-service-url`, operation: 'setTermsOfServiceUrl',
    permission: 'asset-programs:update', authentication: 'apiKey', body: 'AssetProgramTermsOfServiceUrlBody', response: 'AssetProgram', labels: experimental,
    summary: "Set an asset program's terms of service URL (the docs page's path for it)",
  },
  {
    method: 'POST', path: '/api/asset-program-memberships', operation: 'createAssetProgramMembership',
    permission: 'asset-program-memberships:create', authentication: 'apiKey', body: 'CreateAssetProgramMembershipBody', response: 'AssetProgramMembership',
    labels: experimental, summary: "An org account joins an asset program (accept: its terms at once; approve: the program owner's approval at once)",
  },
  {
    method: 'GET', path: MEMBERSHIP, operation: 'getAssetProgramMembership',
    permission: 'asset-program-memberships:read', authentication: 'apiKey', response: 'AssetProgramMembership', labels: experimental,
    summary: 'Get a membership (its member account or the program owner)',
  },
  {
    method: 'GET', path: `${PROGRAM}/asset-program-memberships`, operation: 'listProgramMemberships',
    permission: 'asset-program-memberships:read', authentication: 'apiKey', query: 'ProgramMembershipsQuery', response: 'AssetProgramMembershipPage',
    labels: experimental, summary: "A program's memberships in one status, newest first (the program owner)",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/asset-program-memberships', operation: 'listAccountMemberships',
    permission: 'asset-program-memberships:read', authentication: 'apiKey', query: 'AccountMembershipsQuery', response: 'AssetProgramMembershipPage',
    labels: experimental, summary: "An account's memberships, newest first, optionally in one status",
  },
  {
    method: 'POST', path: `${MEMBERSHIP}/accept`, operation: 'acceptAssetProgramMembership',
    permission: 'asset-program-memberships:accept', authentication: 'apiKey', response: 'AssetProgramMembership', labels: experimental,
    summary: "The member account accepts the program's terms of service",
  },
  {
    method: 'POST', path: `${MEMBERSHIP}/approve`, operation: 'approveAssetProgramMembership',
    permission: 'asset-program-memberships:approve', authentication: 'apiKey', response: 'AssetProgramMembership', labels: experimental,
    summary: 'The program owner approves a membership',
  },
  {
    method: 'POST', path: `${MEMBERSHIP}/set-billing-bank-account`, operation: 'setMembershipBillingBankAccount',
    permission: 'asset-program-memberships:update', authentication: 'apiKey', body: 'AssetProgramMembershipBillingBody', response: 'AssetProgramMembership',
    labels: experimental, summary: "Set a membership's billing bank account (one of the member account's)",
  },
  {
    method: 'POST', path: `${MEMBERSHIP}/asset-program-configs`, operation: 'createAssetProgramConfig',
    permission: 'asset-program-configs:create', authentication: 'apiKey', body: 'CreateAssetProgramConfigBody', response: 'AssetProgramConfig',
    labels: experimental, summary: "Enable a program for one of the member account's merchants (membership approved and accepted)",
  },
  {
    method: 'GET', path: '/api/asset-program-configs/{assetProgramConfigId}', operation: 'getAssetProgramConfig',
    permission: 'asset-program-configs:read', authentication: 'apiKey', response: 'AssetProgramConfig', labels: experimental,
    summary: 'Get a config (its account or the program owner)',
  },
  {
    method: 'GET', path: `${PROGRAM}/asset-program-configs`, operation: 'listProgramConfigs',
    permission: 'asset-program-configs:read', authentication: 'apiKey', query: 'AssetProgramConfigsQuery', response: 'AssetProgramConfigPage',
    labels: experimental, summary: "A program's configs, newest first (the program owner)",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/asset-program-configs', operation: 'listAccountConfigs',
    permission: 'asset-program-configs:read', authentication: 'apiKey', query: 'AssetProgramConfigsQuery', response: 'AssetProgramConfigPage',
    labels: experimental, summary: "An account's configs, newest first",
  },
] as const satisfies readonly RouteSpec[];
