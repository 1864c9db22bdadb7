import type { FromSchema } from 'json-schema-to-ts';
import type { createIntegrationRequestBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { findMerchant } from '../merchants';
import type { IntegrationRequest, StoredIntegrationRequest } from './entities';
import { TYPE_RULES } from './integration-types';
import { insertRequest, present } from './request-store';
import { madeBy } from '../core/audit';

type Body = FromSchema<typeof createIntegrationRequestBody>;

/**
 * The caller's account asks to serve a merchant, of any account, through an integration: the
 * request is `pending` and grants nothing until the merchant's account activates it. Its provider is told
 * by email (queued with it; `notifiedAt` once sent).
 */
export const createIntegrationRequest = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(auth.principal.accountId);
  const merchant = await findMerchant(body.merchantId);
  if (!merchant) throw forbidden();
  if (merchant.test !== (account.test === true)) throw businessRule('LIVENESS_MISMATCH');
  const at = isoTimestamp(now);
  const request: StoredIntegrationRequest = {
    id: newId(),
    accountId: account.id,
    merchantId: merchant.id,
    merchantAccountId: merchant.accountId,
    type: body.type,
    status: 'pending',
    ...typeFields(body),
    ...madeBy(auth.principal.crn, at),
    version: 1,
  };
  await insertRequest(request, account.test === true);
  return { ...present(request), createdAt: createForm(at), updatedAt: createForm(at) };
});

/** The fields the request's type takes, each as sent; one the type requires is 400, one it does not take too. */
function typeFields(body: Body): Pick<IntegrationRequest, 'terminal' | 'product' | 'externalId'> {
  const rules = TYPE_RULES[body.type];
  if (rules.terminal === 'required' && !body.terminal) throw badRequest(`terminal is required for ${body.type}`);
  if (rules.terminal === 'none' && body.terminal) throw badRequest(`terminal is not allowed for ${body.type}`);
  if (!rules.product && body.product) throw badRequest(`product is not allowed for ${body.type}`);
  if (rules.externalId && body.externalId === undefined) throw badRequest(`externalId is required for ${body.type}`);
  return {
    ...(body.terminal
      ? {
          terminal: {
            terminalId: body.terminal.terminalId,
            ...(body.terminal.deviceId ? { deviceId: body.terminal.deviceId } : {}),
          },
        }
      : {}),
    ...(body.product ? { product: { name: body.product.name } } : {}),
    ...(body.externalId !== undefined ? { externalId: body.externalId } : {}),
  };
}

/** docs/api/conventions.md: an integration request's create answer gives its timestamps as `<date> <time> UTC`. */
const createForm = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
