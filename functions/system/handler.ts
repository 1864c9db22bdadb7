import { groupHandler } from '../group-lambda';
import { getJwks } from './get-jwks';
import { getOpenApi } from './get-openapi';

/** Also the `$default` route: any request no other route matches gets the 404 error body. */
export const handler = groupHandler('system', { getOpenApi, getJwks });
