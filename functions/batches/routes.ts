import type { RouteSpec } from '../core/http/route';

/** The batches group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/batches',
    operation: 'createBatch',
    permission: 'batches:create',
    alsoNeeds: ['accounts:create'],
    authentication: 'apiKey',
    body: 'CreateBatchBody',
    response: 'Batch',
    summary: 'Load a batch file (a CSV media upload of the account) in the background',
  },
  {
    method: 'GET',
    path: '/api/batches/{batchId}',
    operation: 'getBatch',
    permission: 'batches:read',
    authentication: 'apiKey',
    response: 'Batch',
    summary: 'Get a batch: its status, counts and errors',
  },
] as const satisfies readonly RouteSpec[];
