import { connectionEntity } from './entities';
import { findAccount } from '../accounts';
import { newNonce, pageCsp, PAGE_HEADERS, replyWith } from '../core/http/page';
import { publicOperation } from '../core/http/operation';
import { impossiblePathParameter } from '../core/ids';
import { findMerchant } from '../merchants';
import { listWallets, type Wallet } from '../wallets';
import { connectMessageHtml, connectPageHtml } from './connect-page';

/**
 * The page a connection's `url` opens (docs/api/sales-channels-and-links.md). Waiting for a wallet, it lists the wallet
 * apps of the connection's liveness that have a connect flow (`connectUrl`) and that the operator
 * approved or that belong to the connection's own account, each linking to it with `connectionId`:
 * the app reads the summary and authorizes with its own key. Authorized, it says
 * which app has it. An unknown id answers a 404 page. No script; its own CSP per answer.
 */
export const renderConnectPage = publicOperation(async ({ params }) => {
  const nonce = newNonce();
  replyWith({ headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce) } });
  // An id that cannot exist is a missing connection, found without a read (core/ids.ts).
  const connection = impossiblePathParameter(params) ? undefined : await connectionEntity.get(params.connectionId);
  if (!connection) {
    replyWith({ statusCode: 404 });
    return connectMessageHtml({
      title: 'Connection not found',
      message: 'There is no connection at this address. Check the link you were given.',
      nonce,
    });
  }
  const [merchant, wallets] = await Promise.all([
    findMerchant(connection.merchantId),
    connection.status === 'created' ? connectable(connection) : [],
  ]);
  return connectPageHtml({
    connection,
    merchantName: merchant?.name ?? connection.createdByAccountName,
    wallets: wallets.map((w) => ({ name: w.name, href: connectHref(w.connectUrl!, connection.id) })),
    nonce,
  });
});

/**
 * Wallet apps with a connect flow whose owner account has the connection's liveness (authorize
 * refuses the others), approved by the operator or of the account that made the connection: any
 * account may register an app under any name, so an unreviewed one is offered to no one else.
 */
async function connectable({
  test,
  createdByAccountId,
}: {
  test: boolean;
  createdByAccountId: string;
}): Promise<Wallet[]> {
  const wallets = (await listWallets()).filter(
    (w) => w.connectUrl && (w.approvedAt !== undefined || w.accountId === createdByAccountId),
  );
  const owners = new Map(
    await Promise.all(
      [...new Set(wallets.map((w) => w.accountId))].map(async (id) => [id, await findAccount(id)] as const),
    ),
  );
  return wallets.filter((w) => (owners.get(w.accountId)?.test === true) === test);
}

function connectHref(connectUrl: string, connectionId: string): string {
  const url = new URL(connectUrl);
  url.searchParams.set('connectionId', connectionId);
  return url.toString();
}
