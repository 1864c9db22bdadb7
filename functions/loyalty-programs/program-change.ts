import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import type { AuthedRequest } from '../core/http/operation';
import { loyaltyProgramEntity, type StoredLoyaltyProgram } from './entities';
import { loadProgram } from './load-program';
import { present } from './program-store';

/** Applies a change to the program as read, conditional on its version (retried on conflict). */
export function changeProgram(
  request: AuthedRequest,
  next: (program: StoredLoyaltyProgram) => Partial<StoredLoyaltyProgram>,
) {
  return retryOnConflict(async () => {
    const program = await loadProgram(request);
    const changes = next(program);
    if (Object.entries(changes).every(([field, value]) => program[field as keyof StoredLoyaltyProgram] === value))
      return present(program);
    const at = isoTimestamp(request.now);
    return present(
      await loyaltyProgramEntity.replace(program, {
        ...program,
        ...changes,
        updatedAt: at,
        updatedBy: request.auth.principal.crn,
      }),
    );
  });
}
