import { findAccount, insertAccount, issueApiKey } from '../../functions/accounts';
import { serviceCrn } from '../../functions/core/crn';
import { EntityShapeError } from '../../functions/core/db/entity';
import { insertMerchantConfig } from '../../functions/merchant-configs';
import { insertMerchant } from '../../functions/merchants';
import { insertWalletAsset, issueTestFunds } from '../../functions/wallet-assets';

/** What `npm start` prints and writes to SEED_OUT for scripts and tests. */
export interface Seed {
  /** The demo org account (test) and its account-owner key. */
  accountId: string;
  apiKey: string;
  /** A test merchant of the demo account and its config accepting svc.nzd.test. */
  merchantId: string;
  configId: string;
  /** A funded svc.nzd.test wallet of the demo account, to pay with. */
  testWalletAssetId: string;
  /** Platform-operator key (all permissions, every account): for local administration and tests. */
  operatorAccountId: string;
  operatorApiKey: string;
}

const SEEDER = serviceCrn('local-seed');
const TEST_FUNDS = 1_000_000n; // NZD 10,000.00 of test money

/** Reuses a previous seed when its accounts still exist (persisted data), else seeds anew. */
export async function ensureSeed(previous: Seed | undefined, now = new Date()): Promise<Seed> {
  if (previous && (await stillStored(previous))) return previous;
  const operator = await insertAccount({ name: 'Platform operator', type: 'org', region: 'NZ' }, SEEDER, now);
  const operatorKey = await issueApiKey(
    { accountId: operator.id, name: 'operator', role: 'platform-operator' },
    SEEDER,
    now,
  );
  const demo = await insertAccount({ name: 'Demo Merchant Co', type: 'org', region: 'NZ', test: true }, SEEDER, now);
  const demoKey = await issueApiKey({ accountId: demo.id, name: 'demo-owner', role: 'account-owner' }, SEEDER, now);
  const merchant = await insertMerchant(
    { accountId: demo.id, name: 'Demo Test Merchant', country: 'NZ', test: true, type: 'physical' },
    SEEDER,
    now,
  );
  const config = await insertMerchantConfig(
    { id: merchant.id, accountId: demo.id, test: true },
    { paymentOptions: [{ type: 'svc.nzd.test' }] },
    SEEDER,
    now,
  );
  const wallet = await insertWalletAsset(
    { accountId: demo.id, accountTest: true, ledgerId: 'svc.nzd.test', settlement: false },
    SEEDER,
    now,
  );
  await issueTestFunds(wallet, TEST_FUNDS, 'seed', { accountId: demo.id, crn: SEEDER }, now);
  return {
    accountId: demo.id,
    apiKey: demoKey.secret,
    merchantId: merchant.id,
    configId: config.id,
    testWalletAssetId: wallet.id,
    operatorAccountId: operator.id,
    operatorApiKey: operatorKey.secret,
  };
}

/** Whether the previous seed's accounts are still stored; data from before entity stamps is refused with what to do. */
async function stillStored(previous: Seed): Promise<boolean> {
  try {
    return Boolean((await findAccount(previous.accountId)) && (await findAccount(previous.operatorAccountId)));
  } catch (error) {
    if (!(error instanceof EntityShapeError)) throw error;
    throw new Error(
      `${error.message}: the persisted data predates entity type and version stamps; ` +
        'delete the state directory (.local/ or LOCAL_STATE_DIR) and start again',
    );
  }
}
