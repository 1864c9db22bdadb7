import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredLoyaltyProgram } from './entities';
import { findProgram } from './program-store';

/** The program the path names, if the caller may act on its account under the route's permission; else FORBIDDEN. */
export async function loadProgram(request: AuthedRequest): Promise<StoredLoyaltyProgram> {
  const program = await findProgram(request.params.loyaltyProgramId);
  if (!program) throw forbidden();
  await request.auth.access.account(program.accountId);
  return program;
}
