import type { FromSchema } from 'json-schema-to-ts';
import type { visibilityBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { changeProgram } from './program-change';

type VisibilityBody = FromSchema<typeof visibilityBody>;

/** `public` programs are listed to patrons (merchant search); `unlisted` ones are reached by their id only. */
export const setLoyaltyProgramVisibility = authedOperation<VisibilityBody>((request) =>
  changeProgram(request, () => ({ visibility: request.body.visibility })),
);
