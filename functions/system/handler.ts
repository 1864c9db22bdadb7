import { createGroupHandler } from '../core/http/group-handler';
import { getJwks } from './get-jwks';
import { getOpenApi } from './get-openapi';

/** Also the `$default` route: any request no other route matches gets the 404 error body. */
export const handler = createGroupHandler('system', { getOpenApi, getJwks });
