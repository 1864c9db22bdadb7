import { validateWith, type Validators } from '../../functions/core/validation/validate';
import { ROUTES, type Route } from '../../functions/routes';

// Every schema's validator, resources included: generated for the tests only (bin/build-validators.ts),
// as plain JavaScript without type declarations, hence required.
const ALL = (require('../../functions/core/validation/generated/all-validators.js') as { validators: Validators })
  .validators;

/** Each route's path template as a pattern, most specific (fewest parameters) first. */
const MATCHERS = (ROUTES as readonly Route[])
  .map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    params: (route.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/**
 * Every 200 JSON body an API test receives is checked against its route's response schema: a
 * field of the wrong JSON type or shape fails the test that met it, wherever it was.
 */
export function checkResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  if (status !== 200 || !contentType?.startsWith('application/json')) return;
  const pathname = path.split('?')[0];
  const route = MATCHERS.find((m) => m.route.method === method && m.pattern.test(pathname))?.route;
  if (!route?.response) return;
  try {
    validateWith(ALL, route.response, structuredClone(body), 'body');
  } catch (error) {
    throw new Error(
      `${method} ${pathname}: 200 body does not match ${route.response}: ` +
        `${(error as Error).message}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
