import { publicView } from '../core/db/entity';
import type { BankAccount } from './entities';
import { bankAccount, bankAuthority, bankAuthoritySummary } from './schemas';

/** The current API's view of a bank account. */
export const bankAccountView = (record: BankAccount) => publicView<Record<string, unknown>>(bankAccount, record);

/** The deprecated API's view: the direct-debit authority's fields at the top level. */
export const bankAuthorityView = (record: BankAccount) =>
  publicView<Record<string, unknown>>(bankAuthority, { ...record.directDebitAuthority, ...record });

export const bankAuthoritySummaryView = (record: BankAccount) =>
  publicView<Record<string, unknown>>(bankAuthoritySummary, record);
