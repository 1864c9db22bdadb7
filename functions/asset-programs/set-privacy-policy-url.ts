import type { FromSchema } from 'json-schema-to-ts';
import type { privacyPolicyUrlBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { setProgramUrl } from './program-url';

export const setPrivacyPolicyUrl = authedOperation<FromSchema<typeof privacyPolicyUrlBody>>((request) =>
  setProgramUrl(request, 'privacyPolicyUrl', request.body.privacyPolicyUrl),
);
