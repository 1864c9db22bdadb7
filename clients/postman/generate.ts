/**
 * `npm run postman:generate`: writes the Postman collection of our API and an environment for the local platform
 * into this folder (docs/api-reference.md, Postman collection). The collection is what openapi-to-postmanv2 makes
 * of the OpenAPI document `GET /api/openapi.json` serves (bin/openapi-document.ts), one folder per tag, plus our
 * seeded-flow folder (./seeded-flow.ts). Never edit the output: rerun this.
 *
 * The output is a function of the document alone, so test/api/postman-collection.test.ts can tell a stale copy:
 * the converter's random ids are replaced by ones derived from what they name, and its schema faker draws from a
 * seeded generator instead of Math.random.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertV2, type Options } from 'openapi-to-postmanv2';
import { buildOpenApiDocument } from '../../bin/openapi-document';
import { FLOW_VARIABLES, SECRET_VARIABLES, seededFlowFolder } from './seeded-flow';

export const COLLECTION_FILE = join(__dirname, 'payments-platform.postman_collection.json');
export const ENVIRONMENT_FILE = join(__dirname, 'local.postman_environment.json');

const OPTIONS: Options = {
  folderStrategy: 'Tags',
  // The document's examples where it has them, else values faked from the schemas.
  parametersResolution: 'Example',
  // Every request uses the collection's API key auth (`{{apiKey}}`), so one environment variable serves all.
  alwaysInheritAuthentication: true,
};

type Node = Record<string, unknown>;

/** The collection and the environment, as the files hold them. */
export async function generate(): Promise<{ collection: string; environment: string }> {
  const collection = await seeded(() => convert(buildOpenApiDocument()));
  (collection.item as Node[]).push(seededFlowFolder());
  stableIds(collection);
  return { collection: json(collection), environment: json(localEnvironment()) };
}

function convert(document: Node): Promise<Node> {
  return new Promise((resolve, reject) =>
    convertV2({ type: 'json', data: document }, OPTIONS, (error, result) => {
      const data = result?.output?.[0]?.data;
      if (error || !result?.result || !data) reject(new Error(error?.message ?? result?.reason ?? 'no collection'));
      else resolve(data as Node);
    }),
  );
}

// The converter's schema faker (one module, shared with the converter) keeps the Math.random it found when loaded,
// and fakes dates back from the clock: this makes it draw from Math.random at each call, dates too, so `seeded`
// reaches every value it fakes.
const schemaFaker = require('openapi-to-postmanv2/assets/json-schema-faker.js') as {
  option(options: { random: () => number }): void;
  format(name: string, generate: () => string): void;
};
schemaFaker.option({ random: () => Math.random() });
const FAKED_DATES_FROM = Date.UTC(2026, 0, 1);
const fakedDate = () => new Date(FAKED_DATES_FROM + Math.floor(Math.random() * 365 * 86_400_000)).toISOString();
schemaFaker.format('date-time', fakedDate);
schemaFaker.format('date', () => fakedDate().slice(0, 10));

/** Runs `work` with Math.random replaced by a seeded generator (mulberry32), so the faked values repeat. */
async function seeded<T>(work: () => Promise<T>): Promise<T> {
  const random = Math.random;
  let state = 27;
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  try {
    return await work();
  } finally {
    Math.random = random;
  }
}

/** A UUID-shaped id from a name, so an item keeps its id for as long as it keeps its method, path and name. */
const idOf = (name: string) =>
  createHash('sha256')
    .update(name)
    .digest('hex')
    .slice(0, 32)
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');

function stableIds(collection: Node): void {
  const info = collection.info as Node;
  info._postman_id = idOf(String(info.name));
  const visit = (items: Node[], folder: string) => {
    for (const item of items) {
      const name = `${folder}/${item.name}`;
      if (item.item) visit(item.item as Node[], name);
      const request = item.request as { method: string; url: { path: string[] } } | undefined;
      if (!request) continue;
      item.id = idOf(`${name} ${request.method} ${request.url.path.join('/')}`);
      (item.response as Node[] | undefined)?.forEach((response, index) => {
        response.id = idOf(`${item.id} ${index} ${response.code} ${response.name}`);
      });
    }
  };
  visit(collection.item as Node[], '');
}

/** The local platform's address (`npm start`); the key and ids are the seed's, pasted in or given to newman. */
function localEnvironment(): Node {
  const variable = (key: string, value = '') => ({
    key,
    value,
    type: SECRET_VARIABLES.includes(key) ? 'secret' : 'default',
    enabled: true,
  });
  return {
    id: idOf('local environment'),
    name: 'Payments platform (local)',
    values: [
      variable('baseUrl', 'http://127.0.0.1:8787'),
      variable('apiKey'),
      ...Object.keys(FLOW_VARIABLES).map((key) => variable(key)),
    ],
    _postman_variable_scope: 'environment',
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

if (require.main === module) {
  generate().then(({ collection, environment }) => {
    writeFileSync(COLLECTION_FILE, collection);
    writeFileSync(ENVIRONMENT_FILE, environment);
    console.log(`postman -> ${COLLECTION_FILE}, ${ENVIRONMENT_FILE}`);
  });
}
