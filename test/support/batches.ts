import { derivedId } from '../../functions/core/ids';
import register from '../../functions/businesses/register-fixture.json';
import { api, type TestAccount, type Json } from './api';
import { newAssetProgram } from './asset-programs';
import { mediaForm } from './media';
import { collectionManager, ok } from './value';

/**
 * Companies of the fixture register, by index. NZBNs are claimed once per liveness in the shared table, so each test
 * file uses its own.
 */
export const company = (index: number) => register.companies[index];

/**
 * NZBNs of the companies given, one per call, for suites that make businesses of their own: each
 * business claims its company's NZBN for good, so each suite has its own companies (businesses
 * tests 0–5 and 10, conformance 6–9, batches 13–15, mass assignment 32–39, the authorization matrix 40–99
 * (each role's call is prepared, allowed or not), onboarding requests 100–102; the rest are free).
 */
export function nzbnPool(indexes: readonly number[]): () => string {
  let next = 0;
  return () => {
    if (next >= indexes.length)
      throw new Error(`no unused company of the fixture register left for this suite (${indexes.join(', ')})`);
    return company(indexes[next++]).nzbn;
  };
}

export const ONBOARD_COLUMNS = [
  'nzbn',
  'companyName',
  'tradingName',
  'contactName',
  'primaryContactEmail',
  'externalBusinessId',
  'categoryCode',
  'settlementAccountNumber',
  'chargeAccountNumber',
  'assetProgramId',
  'merchantName',
  'merchantStreet',
  'merchantSuburb',
  'merchantCity',
  'merchantState',
  'merchantPostcode',
  'merchantCountry',
  'merchantType',
  'externalMerchantId',
  'salesChannelId',
  'deviceId',
  'deviceSerialNumber',
  'deviceModel',
] as const;

export type OnboardRow = Partial<Record<(typeof ONBOARD_COLUMNS)[number], string>>;

/** What a record names that must exist: a published asset program and a sales channel, both test. */
export type OnboardReferences = Required<Pick<OnboardRow, 'assetProgramId' | 'salesChannelId'>>;

/** A program and a channel of a new provider account, for records to name (a channel's extra fields in `channel`). */
export async function onboardReferences(channel: Record<string, unknown> = {}): Promise<OnboardReferences> {
  const provider = await collectionManager();
  const [program, made] = await Promise.all([
    newAssetProgram(provider),
    ok(
      api('POST', '/api/sales-channels', {
        key: provider.apiKey,
        body: {
          name: 'Terminal Co',
          type: 'provider',
          accountId: provider.accountId,
          notificationUrl: 'https://terminals.example.com/connect',
          ...channel,
        },
      }),
      'sales channel',
    ),
  ]);
  return { assetProgramId: program.id, salesChannelId: made.id };
}

/** A valid business-onboard record naming `refs`; `tag` makes its external ids unique. */
export const onboardRow = (tag: string, refs: OnboardReferences, changes: OnboardRow = {}): OnboardRow => ({
  companyName: `Company ${tag} Limited`,
  contactName: 'Jo Bloggs',
  primaryContactEmail: `jo.${tag}@example.com`,
  externalBusinessId: `eb-${tag}`,
  categoryCode: '5812',
  settlementAccountNumber: '12-3456-0123456-001',
  ...refs,
  merchantName: `Cafe ${tag}`,
  merchantStreet: '1 Main Street',
  merchantCity: 'Auckland',
  merchantState: 'Auckland',
  merchantPostcode: '1010',
  merchantCountry: 'NZ',
  merchantType: 'physical',
  externalMerchantId: `em-${tag}`,
  deviceSerialNumber: `SN-${tag}`,
  ...changes,
});

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const onboardCsv = (rows: OnboardRow[]) =>
  Buffer.from(
    // The empty last line ends the last row with CRLF too.
    [
      ONBOARD_COLUMNS.join(','),
      ...rows.map((row) => ONBOARD_COLUMNS.map((column) => quoted(row[column] ?? '')).join(',')),
      '',
    ].join('\r\n'),
  );

/** Uploads a batch file for the account and answers the url a batch names it by. */
export async function uploadBatchFile(owner: TestAccount, csv: Buffer, purpose = 'batch-file'): Promise<string> {
  const upload = await ok(
    api('POST', '/api/media-uploads', {
      key: owner.apiKey,
      form: mediaForm(purpose, csv, { filename: 'batch.csv', contentType: 'text/csv' }),
    }),
    'batch file',
  );
  return `s3://payments-media/media/${owner.accountId}/${upload.id}`;
}

/** Polls a batch until it is complete or in error (it is processed in the background). */
export async function settledBatch(key: string, id: string, timeoutMs = 55_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = await ok(api('GET', `/api/batches/${id}`, { key }), 'batch');
    if (batch.status === 'complete' || batch.status === 'error') return batch;
    if (Date.now() > until) throw new Error(`batch ${id} still ${batch.status} (${batch.count} counted)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The ids a batch's record `index` creates (they derive from the batch and the index, so a test can find them by key).
 */
export const onboardedIds = (batchId: string, index: number) => ({
  accountId: derivedId(undefined, batchId, 'account', String(index)),
  businessId: derivedId(undefined, batchId, 'business', String(index)),
  merchantId: derivedId(undefined, batchId, 'merchant', String(index)),
});
