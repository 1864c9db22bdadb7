import type { FromSchema } from 'json-schema-to-ts';
import type { visibilityBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import type { StoredLoyaltyProgram } from './entities';
import { loadProgram } from './load-program';
import { present, replaceProgram } from './program-store';

type VisibilityBody = FromSchema<typeof visibilityBody>;

/** Applies a change to the program as read, conditional on its version (retried on conflict). */
function change(request: AuthedRequest, next: (program: StoredLoyaltyProgram) => Partial<StoredLoyaltyProgram>) {
  return retryOnConflict(async () => {
    const program = await loadProgram(request);
    const changes = next(program);
    if (Object.entries(changes).every(([field, value]) => program[field as keyof StoredLoyaltyProgram] === value))
      return present(program);
    const at = isoTimestamp(request.now);
    return present(
      await replaceProgram(program, { ...program, ...changes, updatedAt: at, updatedBy: request.auth.principal.crn }),
    );
  });
}

/** draft → active (activating an active program answers it as it is). */
export const activateLoyaltyProgram = authedOperation((request) => change(request, () => ({ status: 'active' })));

/** `public` programs are listed to patrons (merchant search); `unlisted` ones are reached by their id only. */
export const setLoyaltyProgramVisibility = authedOperation<VisibilityBody>((request) =>
  change(request, () => ({ visibility: request.body.visibility })),
);
