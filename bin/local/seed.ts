import { findAccount, insertAccount } from '../../functions/accounts/account-store';
import { issueApiKey } from '../../functions/accounts/api-key-store';
import { serviceCrn } from '../../functions/core/crn';

/** What `npm start` prints and writes to SEED_OUT for scripts and tests. */
export interface Seed {
  accountId: string;
  apiKey: string;
  /** Platform-operator key (all permissions, every account): for local administration and tests. */
  operatorAccountId: string;
  operatorApiKey: string;
}

const SEEDER = serviceCrn('local-seed');

/** Reuses a previous seed when its accounts still exist (persisted data), else seeds anew. */
export async function ensureSeed(previous: Seed | undefined, now = new Date()): Promise<Seed> {
  if (previous && (await findAccount(previous.accountId)) && (await findAccount(previous.operatorAccountId))) {
    return previous;
  }
  const operator = await insertAccount({ name: 'Platform operator', type: 'org', region: 'NZ' }, SEEDER, now);
  const operatorKey = await issueApiKey({ accountId: operator.id, name: 'operator', role: 'platform-operator' }, SEEDER, now);
  const demo = await insertAccount({ name: 'Demo Merchant Co', type: 'org', region: 'NZ', test: true }, SEEDER, now);
  const demoKey = await issueApiKey({ accountId: demo.id, name: 'demo-owner', role: 'account-owner' }, SEEDER, now);
  return {
    accountId: demo.id,
    apiKey: demoKey.secret,
    operatorAccountId: operator.id,
    operatorApiKey: operatorKey.secret,
  };
}
