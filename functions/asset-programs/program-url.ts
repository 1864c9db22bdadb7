import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredAssetProgram } from './entities';
import { loadProgram } from './load';
import { presentProgram, replaceProgram } from './store';

/** Sets one URL of the program as read, conditional on its version (retried on conflict). */
export function setProgramUrl(request: AuthedRequest, field: 'privacyPolicyUrl' | 'termsOfServiceUrl', value: string) {
  return retryOnConflict(async () => {
    const program: StoredAssetProgram = await loadProgram(request);
    if (program[field] === value) return presentProgram(program);
    const next = {
      ...program,
      [field]: value,
      updatedAt: isoTimestamp(request.now),
      updatedBy: request.auth.principal.crn,
    };
    return presentProgram(await replaceProgram(program, next));
  });
}
