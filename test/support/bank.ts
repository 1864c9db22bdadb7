import { recentStatementLines } from '../../functions/bank-accounts';
import { api, type TestAccount, type Json } from './api';
import { mediaForm, PDF } from './media';

let counter = 0;
/** A bank account number no other test uses (bank 12, branch 3456). */
export const uniqueBankNumber = () =>
  `12-3456-${String(Date.now() % 10_000_000).padStart(7, '0')}-${String(++counter % 1000).padStart(3, '0')}`;

export const DIRECT_DEBIT = { fullName: 'Jo Tester', phoneNumber: '+6421000000', emailAddress: 'jo@example.com' };

export async function newBankAccount(owner: TestAccount, body: Record<string, unknown> = {}): Promise<Json> {
  const res = await api('POST', '/api/bank-accounts', {
    key: owner.apiKey,
    body: {
      accountId: owner.accountId,
      bankAccountNumber: uniqueBankNumber(),
      bankAccountName: 'Jo Tester',
      directDebitAuthority: DIRECT_DEBIT,
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(`bank account: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What the account holder reads on their bank statement: the newest platform-initiated transaction's code. */
export async function statementCode(bankAccountNumber: string, kind?: string): Promise<string> {
  const lines = await recentStatementLines(bankAccountNumber, new Date());
  const line = lines.find((l) => !kind || l.kind === kind);
  if (!line) throw new Error(`no statement line for ${bankAccountNumber}`);
  return line.code;
}

/** A bank statement (PDF) uploaded by the account: the evidence a settlement bank account approval needs. */
export async function bankStatement(owner: TestAccount): Promise<string> {
  const res = await api('POST', '/api/media-uploads', {
    key: owner.apiKey,
    form: mediaForm('bank-statement', PDF, { filename: 'statement.pdf', contentType: 'application/pdf' }),
  });
  if (res.status !== 200) throw new Error(`bank statement: ${JSON.stringify(res.body)}`);
  return res.body.id;
}
