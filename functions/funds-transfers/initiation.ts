import type { FromSchema } from 'json-schema-to-ts';
import type { createFundsTransferBody } from './schemas';
import { findAccount } from '../accounts';
import { findBankAccount, type BankAccount } from '../bank-accounts';
import type { Access } from '../core/auth/access';
import { isoTimestamp, ownerNow } from '../core/clock';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule, forbidden, type BusinessRuleCode } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { optionallyIdempotent } from '../core/idempotency';
import { quotaSteps } from '../core/ledger/quotas';
import { pendingTransfer } from '../core/ledger/transfers';
import { parsePositiveAmount } from '../core/money';
import { logger } from '../core/observability';
import { findWalletAsset, spendAccess, type WalletAsset } from '../wallet-assets';
import { bank, bankWatch } from './bank';
import type { FundsTransfer, FundsTransferType, StoredFundsTransfer } from './entities';
import { bankClearingAsset } from './settle';
import { insertStep, present } from './transfer-store';

type Body = FromSchema<typeof createFundsTransferBody>;

/** One top up or withdrawal moves at most NZD 999,999.99. */
const MAX_FUNDS_TRANSFER = 100_000_000n;

/** The codes a bank account the bank cannot move this kind of transfer with answers. */
const NOT_CONFIGURED: Record<FundsTransferType, BusinessRuleCode> = {
  topup: 'BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_TOPUP',
  withdrawal: 'BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL',
};

/**
 * A bank account number as activities show it: bank, branch and suffix, the account's digits but the last three masked.
 */
const maskedNumber = (number: string) => number.replace(/^(\d{2}-\d{4}-)(\d{4})(\d{3})(-\d{3})$/, '$1****$3$4');

/**
 * The wallet and the bank account a transfer names, checked: both the caller's to use, a
 * withdrawal's wallet also its to spend (`spend`; else FORBIDDEN, as if missing), of one account, a
 * wallet that takes funds transfers (not a settlement wallet), a `centrapay` bank account the bank
 * moves this money with (test money only: live is refused before anything is written), for a top up a
 * direct-debit authority to debit it by, and for a withdrawal a verified bank account
 * (BANK_ACCOUNT_NOT_VERIFIED): a top up from one not yet verified is credited only once it is (settle.ts).
 */
async function parties(
  request: AuthedRequest<Body>,
  type: FundsTransferType,
  spend: Access | undefined,
): Promise<{ wallet: WalletAsset; bankAccount: BankAccount }> {
  const { body, auth } = request;
  const [wallet, bankAccount] = await Promise.all([findWalletAsset(body.assetId), findBankAccount(body.bankAccountId)]);
  if (!wallet || !bankAccount) throw forbidden();
  await auth.access.account(wallet.accountId);
  await spend?.account(wallet.accountId);
  await auth.access.account(bankAccount.accountId);
  if (wallet.accountId !== bankAccount.accountId) throw businessRule('BANK_AUTHORITY_WALLET_MISMATCH');
  if (wallet.settlement) throw businessRule('INVALID_WALLET_TYPE');
  const test = wallet.liveness === 'test' && bankAccount.test === true;
  if (bankAccount.type !== 'centrapay' || bankAccount.status === 'archived' || !bank().moves({ test }))
    throw businessRule(NOT_CONFIGURED[type]);
  if (type === 'topup' && !bankAccount.directDebitAuthorized) throw businessRule('DIRECT_DEBIT_NOT_AUTHORIZED');
  // Money is paid out only to a bank account its holder proved theirs with a code from its statement.
  if (type === 'withdrawal' && !bankAccount.verified) throw businessRule('BANK_ACCOUNT_NOT_VERIFIED');
  return { wallet, bankAccount };
}

/**
 * Records a top up or a withdrawal and starts it at the bank in one transaction; a withdrawal's
 * amount is held on the wallet by a pending transfer in that same transaction
 * (INSUFFICIENT_WALLET_BALANCE when its available balance is short), so concurrent withdrawals and
 * payments never take more than it holds. An `Idempotency-Key` header makes a retry answer the first.
 */
export function initiateFundsTransfer(type: FundsTransferType) {
  const operation = type === 'topup' ? 'createTopup' : 'createWithdrawal';
  return authedOperation<Body>(async (request) => {
    const { body, auth, headers } = request;
    // A withdrawal moves money out of the wallet: a role without `assets:spend` is refused before anything is read.
    const spend = type === 'withdrawal' ? spendAccess(auth.access) : undefined;
    const amount = parsePositiveAmount('amount', body.amount, MAX_FUNDS_TRANSFER);
    const { wallet, bankAccount } = await parties(request, type, spend);
    const now = await ownerNow(wallet.accountId, request.now, findAccount);
    let started: StoredFundsTransfer | undefined;
    const result = await optionallyIdempotent<FundsTransfer>(
      headers,
      {
        accountId: auth.principal.accountId,
        operation,
        command: { assetId: wallet.id, bankAccountId: bankAccount.id, amount: amount.toString() },
      },
      async ({ derive, record }) => {
        const at = isoTimestamp(now);
        const transfer: StoredFundsTransfer = {
          id: derive('funds-transfer'),
          type,
          assetId: wallet.id,
          bankAccountId: bankAccount.id,
          accountId: wallet.accountId,
          amount: amount.toString(),
          currency: wallet.currency,
          bankParty: maskedNumber(bankAccount.bankAccountNumber),
          status: 'created',
          test: true,
          settleAt: isoTimestamp(bank().settlesAt(now)),
          version: 1,
          createdAt: at,
          createdBy: auth.principal.crn,
          updatedAt: at,
          ...(type === 'withdrawal' ? { pendingTransferId: derive('hold') } : {}),
        };
        const steps: TransactionStep[] = [insertStep(transfer), ...bank().initiate(transfer, bankAccount)];
        // A top up counts against the account's top-up quota when it is asked for (QUOTA_EXCEEDED then, before
        // the bank is told), so a settled top up is always credited; a failed or aborted one gives nothing back.
        if (type === 'topup')
          steps.push(
            ...(await quotaSteps([
              { usage: { type: 'topup', accountId: wallet.accountId, assetType: wallet.ledgerId, at }, amount },
            ])),
          );
        if (transfer.pendingTransferId) {
          steps.push(
            ...(await pendingTransfer(
              {
                id: transfer.pendingTransferId,
                kind: 'withdrawal',
                debit: { assetId: wallet.id, mode: 'single' },
                credit: bankClearingAsset(wallet.currency),
                amount,
                currency: wallet.currency,
                liveness: 'test',
                refs: { withdrawalId: transfer.id, bankAccountId: bankAccount.id },
                debitCodes: { insufficient: 'INSUFFICIENT_WALLET_BALANCE' },
              },
              at,
            )),
          );
        }
        const response = present(transfer);
        await runTransaction([...steps, ...(record ? [record(response)] : [])]);
        started = transfer;
        return response;
      },
    );
    if (started) {
      // Reads settle a due transfer themselves: a lost timer only waits for the next read.
      await bankWatch()
        .watch(started, now)
        .catch((error: unknown) =>
          logger.warn('funds transfer bank timer not set', { fundsTransferId: started?.id, error: String(error) }),
        );
    }
    return idempotentReply(result);
  });
}
