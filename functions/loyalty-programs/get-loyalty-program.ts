import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load-program';
import { present } from './program-store';

export const getLoyaltyProgram = authedOperation(async (request) => present(await loadProgram(request)));
