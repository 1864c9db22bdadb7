import type { FromSchema } from 'json-schema-to-ts';
import type { termsOfServiceUrlBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { setProgramUrl } from './program-url';

export const setTermsOfServiceUrl = authedOperation<FromSchema<typeof termsOfServiceUrlBody>>((request) =>
  setProgramUrl(request, 'termsOfServiceUrl', request.body.termsOfServiceUrl),
);
