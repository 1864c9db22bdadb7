import { invalidRequest, businessRule } from '../core/errors/classes';
import { findPatronCodeByBarcode, isValidBarcode } from '../patron-codes';
import type { StoredPaymentRequest } from './payment-request';

type Condition = StoredPaymentRequest['merchantConditions'][number];

/** Conditions a test scenario forces onto requests created with its patron code. */
const SCENARIO_CONDITIONS: Record<string, Condition[]> = {
  'force-condition-check-photo-id': [
    { id: '1', name: 'photo-id-check', message: 'Please check ID', status: 'awaiting-merchant' },
  ],
};

/**
 * The patron code behind a scanned barcode: a bad checksum is 400 CHECKSUM_FAILED, a missing or
 * expired code 403 PATRON_CODE_INVALID; a test-scenario code only works on test requests.
 */
export async function resolvePatronCode(barcode: string, liveness: 'main' | 'test', now: Date) {
  if (!isValidBarcode(barcode)) throw invalidRequest('CHECKSUM_FAILED');
  const code = await findPatronCodeByBarcode(barcode, now);
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  const scenario = code.testScenarioName;
  if (scenario && liveness !== 'test') throw businessRule('LIVENESS_MISMATCH');
  return {
    code,
    conditions: scenario ? (SCENARIO_CONDITIONS[scenario] ?? []) : [],
    requiresTestWallet: scenario !== undefined,
  };
}
