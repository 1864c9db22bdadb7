/** The system group's public face: the build step (bin/build-validators.ts) generates the OpenAPI document it serves. */
export { buildOpenApiDocument } from './openapi-document';
