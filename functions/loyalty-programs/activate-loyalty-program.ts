import { authedOperation } from '../core/http/operation';
import { changeProgram } from './program-change';

/** draft → active (activating an active program answers it as it is). */
export const activateLoyaltyProgram = authedOperation((request) =>
  changeProgram(request, () => ({ status: 'active' })),
);
