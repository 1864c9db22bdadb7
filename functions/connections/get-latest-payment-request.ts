import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { connectionEntity, connectionRequestLinkEntity, requestLinksOf } from './entities';

/** The payment requests group's read of a request as its viewer sees it (wired in by the connections Lambda). */
export type ViewPaymentRequest = (id: string, viewer: { accountId: string }, now: Date) => Promise<unknown>;

/**
 * The newest payment request that named the connection, to the account whose wallet app authorized it (the operator
 * too). A connection not yet authorized, another account's, or one no request has named yet is FORBIDDEN, as a missing
 * one is.
 */
export const getLatestPaymentRequest = (viewPaymentRequest: ViewPaymentRequest) =>
  authedOperation(async ({ params, auth, now }) => {
    const connection = await connectionEntity.get(params.connectionId);
    if (!connection?.authorizedByAccountId) throw forbidden();
    await auth.access.account(connection.authorizedByAccountId);
    const [latest] = await connectionRequestLinkEntity.all({
      ...requestLinksOf(connection.id),
      newestFirst: true,
      limit: 1,
    });
    const request = latest && (await viewPaymentRequest(latest.paymentRequestId, auth.principal, now));
    if (!request) throw forbidden();
    return request;
  });
