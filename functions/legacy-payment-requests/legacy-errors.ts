import type { ErrorCode } from '../core/errors/catalogue';
import { ApiError, CodedError } from '../core/errors/classes';
import { authedOperation, type AuthedRequest, type Operation } from '../core/http/operation';

type LegacyOperationName = 'create' | 'info' | 'pay' | 'cancel' | 'void' | 'refund';

interface Translation {
  status: 400 | 403 | 404;
  /** The legacy code, where it differs from the shared core's. */
  code?: ErrorCode;
}

/** A missing request and another account's one look the same: REQUEST_NOT_FOUND. */
const NOT_FOUND: Translation = { status: 400, code: 'REQUEST_NOT_FOUND' };

/**
 * Where the legacy API answers differently from the shared cores
 * (https://docs.centrapay.com/api/legacy-payment-requests): per operation, the core's message (FORBIDDEN or a CODE) →
 * the legacy status and code. Everything else passes through unchanged, already 403 with its documented CODE or 400
 * naming a field.
 */
export const TRANSLATIONS: Record<LegacyOperationName, Readonly<Partial<Record<ErrorCode, Translation>>>> = {
  create: { FORBIDDEN: { status: 403, code: 'MERCHANT_CONFIGURATION_NOT_FOUND' } },
  info: { FORBIDDEN: NOT_FOUND },
  pay: { FORBIDDEN: NOT_FOUND },
  cancel: { FORBIDDEN: NOT_FOUND, REQUEST_EXPIRED: { status: 400 }, REQUEST_PAID: { status: 404 } },
  void: {
    FORBIDDEN: NOT_FOUND,
    REQUEST_EXPIRED: { status: 400 },
    REQUEST_PAID: { status: 404 },
    // Past the window only a paid request is left to void (expired and cancelled ones say so first).
    VOID_WINDOW_EXCEEDED: { status: 404, code: 'REQUEST_PAID' },
    // Void may refund, so it answers a refund's errors as legacy refund does.
    ALREADY_REFUNDED: { status: 400 },
  },
  refund: { ALREADY_REFUNDED: { status: 400 }, INVALID_AMOUNT: { status: 400 }, REPEAT_REFERENCE: { status: 400 } },
};

function translateLegacyError(operation: LegacyOperationName, error: unknown): unknown {
  if (!(error instanceof CodedError)) return error;
  const translation = TRANSLATIONS[operation][error.code];
  if (!translation) return error;
  return new ApiError(translation.status, translation.code ?? error.code, error.extra, error.headers);
}

/** An operation of the legacy API: the shared cores' errors leave it in legacy status codes. */
export function legacyOperation<TBody = unknown, TQuery = unknown>(
  operation: LegacyOperationName,
  run: (request: AuthedRequest<TBody, TQuery>) => Promise<unknown>,
): Operation {
  return authedOperation<TBody, TQuery>(async (request) => {
    try {
      return await run(request);
    } catch (error) {
      throw translateLegacyError(operation, error);
    }
  });
}
