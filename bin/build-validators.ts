/**
 * Generates standalone ajv validators from the schema map (every group's schemas) at build time, so
 * Lambda cold starts load plain functions instead of compiling schemas (see ARCHITECTURE.md, pins).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { SCHEMAS } from '../functions/schemas';
import { BODY_AJV_OPTIONS, isCoercedSchema, QUERY_AJV_OPTIONS } from '../functions/core/validation/ajv-options';

const outDir = join(__dirname, '..', 'functions', 'core', 'validation', 'generated');

function build(ids: string[], options: typeof BODY_AJV_OPTIONS): string {
  const ajv = new Ajv(options);
  addFormats(ajv);
  for (const id of ids) ajv.addSchema({ $id: id, ...(SCHEMAS as Record<string, object>)[id] });
  return standaloneCode(ajv, Object.fromEntries(ids.map((id) => [id, id])));
}

export function buildValidators(): string {
  const ids = Object.keys(SCHEMAS);
  const queryIds = ids.filter(isCoercedSchema);
  const otherIds = ids.filter((id) => !isCoercedSchema(id));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'body-validators.js'), build(otherIds, BODY_AJV_OPTIONS));
  writeFileSync(join(outDir, 'query-validators.js'), queryIds.length ? build(queryIds, QUERY_AJV_OPTIONS) : '"use strict";\n');
  return `validators: ${otherIds.length} body/resource, ${queryIds.length} query schemas -> ${outDir}`;
}

if (require.main === module) console.log(buildValidators());
