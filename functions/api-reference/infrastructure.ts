import type { GroupInfrastructure } from '../core/infrastructure';

/**
 * A page and its script, both built in: no table, no queue, no secret. The script (Scalar's, 2 MB; gzipped by
 * bin/build-validators.ts) ships as a file beside the bundle, read on its route's first request, so that the
 * function's cold import does not parse it.
 */
export const INFRASTRUCTURE: GroupInfrastructure = {
  table: 'none',
  files: ['functions/generated/api-reference-script.js.gz'],
};
