import type { FromSchema } from 'json-schema-to-ts';
import type { advanceTestClockBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { advanceAccountClock } from './test-clock';

type Body = FromSchema<typeof advanceTestClockBody>;

export const advanceTestClock = authedOperation<Body>(async ({ params, body, auth }) =>
  advanceAccountClock(await auth.access.account(params.accountId), body.advanceSeconds),
);
