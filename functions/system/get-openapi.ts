import { publicOperation } from '../core/http/operation';
import { buildOpenApiDocument } from './openapi-document';

let document: Record<string, unknown> | undefined;

export const getOpenApi = publicOperation(async () => (document ??= buildOpenApiDocument()));
