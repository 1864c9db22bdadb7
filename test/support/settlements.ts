import { handler } from '../../functions/consumers/settlements';
import { SETTLE_AFTER_MS } from '../../functions/settlements/periods';
import { api, seed, type Json } from './api';
import { bankStatement } from './bank';
import { advanceClock, DAY } from './clock';
import { bankAccountOf } from './funds';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup, type Payer } from './payments';

/**
 * Fixtures for merchant settlements: a merchant whose settlement bank account is verified and approved for
 * settlement (the operator's review), and the settlement run itself, as its schedule runs it.
 */
export interface SettlingMerchant extends MerchantSetup {
  bankAccount: Json;
}

/** A bank account of the merchant's account, verified and approved for settlement. */
export async function settlementBankAccount(merchant: MerchantSetup): Promise<Json> {
  const { owner } = merchant;
  const bankAccount = await bankAccountOf(owner);
  const approval = await api('POST', '/api/bank-account-approvals', {
    key: owner.apiKey,
    body: { type: 'settlement', bankAccountId: bankAccount.id, mediaUploadId: await bankStatement(owner) },
  });
  if (approval.status !== 200) throw new Error(`approval: ${JSON.stringify(approval.body)}`);
  const accepted = await api('POST', `/api/bank-account-approvals/${approval.body.id}/accept`, {
    key: seed().operatorApiKey,
    body: {},
  });
  if (accepted.status !== 200) throw new Error(`accept: ${JSON.stringify(accepted.body)}`);
  return bankAccount;
}

/** Names the bank account in the merchant's settlement config. */
export async function settleTo(merchant: MerchantSetup, bankAccountId: string): Promise<void> {
  const res = await api('PUT', `/api/merchants/${merchant.merchantId}`, {
    key: merchant.owner.apiKey,
    body: { settlementConfig: { bankAccountId } },
  });
  if (res.status !== 200) throw new Error(`settlement config: ${JSON.stringify(res.body)}`);
}

export async function settlingMerchant(): Promise<SettlingMerchant> {
  const merchant = await newMerchant();
  const bankAccount = await settlementBankAccount(merchant);
  await settleTo(merchant, bankAccount.id);
  return { ...merchant, bankAccount };
}

/** One settlement run, as the schedule (locally the platform's interval) starts it. */
export const runSettlements = () => handler();

/** The merchant's settlements, newest first (one page of up to 100). */
export async function settlementsOf(merchant: MerchantSetup): Promise<Json[]> {
  const res = await api('GET', `/api/merchants/${merchant.merchantId}/settlements?paginationLimit=100`, {
    key: merchant.owner.apiKey,
  });
  if (res.status !== 200) throw new Error(`settlements: ${JSON.stringify(res.body)}`);
  return res.body.items;
}

/**
 * Moves the account's test clock to `extraSeconds` past its next UTC midnight, so the day it was in has ended (and
 * been over long enough to be settled: SETTLE_AFTER_MS); answers that midnight.
 */
export async function endDay(accountId: string, extraSeconds = SETTLE_AFTER_MS / 1000 + 60): Promise<string> {
  const clock = await api('GET', `/api/accounts/${accountId}/test-clock`, { key: seed().operatorApiKey });
  const now = Date.parse(clock.body.now);
  const midnight = Math.ceil((now + 1) / (DAY * 1000)) * DAY * 1000;
  await advanceClock(accountId, (midnight - now) / 1000 + extraSeconds);
  return new Date(midnight).toISOString();
}

let source: Promise<{ merchant: SettlingMerchant; payer: Payer }> | undefined;
let previous: Promise<unknown> = Promise.resolve();

/**
 * A new settlement awaiting the bank, of a settling merchant shared by the callers of this module (its own account
 * and clock): a payment, the day ended, a settlement run. Answers the settlement and its merchant's account. Calls
 * wait for each other: two at once would settle their payments together, in one settlement.
 */
export function awaitingSettlement(): Promise<{ id: string; accountId: string }> {
  const next = previous.then(newSettlement);
  previous = next.catch(() => undefined);
  return next;
}

async function newSettlement(): Promise<{ id: string; accountId: string }> {
  source ??= Promise.all([settlingMerchant(), newPayer('1000000')]).then(([merchant, payer]) => ({ merchant, payer }));
  const { merchant, payer } = await source;
  const request = await newPaymentRequest(merchant, { value: nzd('100') });
  const paid = await pay(payer, request.id, `settle-${request.id}`);
  if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  await endDay(merchant.owner.accountId);
  await runSettlements();
  const [newest] = await settlementsOf(merchant);
  if (newest?.status !== 'awaiting-confirmation') throw new Error(`no settlement awaiting: ${JSON.stringify(newest)}`);
  return { id: newest.id, accountId: merchant.owner.accountId };
}
