import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** Where the generated types live, relative to the client package. */
export const SCHEMA_TYPES_FILE = 'src/schema.d.ts';

/**
 * The TypeScript types of an OpenAPI document, as `npm run client:generate` writes them and the drift test
 * (test/api/typescript-client.test.ts) expects them: one function, so the two can never disagree on options.
 */
export async function schemaTypes(document: Record<string, unknown>): Promise<string> {
  // `silent`: the document's own lint findings are the platform tests' concern, not the generator's output.
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  return COMMENT_HEADER + astToString(ast);
}
