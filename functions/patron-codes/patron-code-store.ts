import { patronCode } from './schemas';
import { isoTimestamp, ownerNow } from '../core/clock';
import { findAccount } from '../accounts';
import { config } from '../core/config';
import { publicView } from '../core/db/entity';
import {
  barcodeGuardEntity,
  externalIdGuardEntity,
  patronCodeEntity,
  type PatronCode,
  type StoredPatronCode,
} from './entities';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import type { Access } from '../core/auth/access';
import { businessRule, ForbiddenError } from '../core/errors/classes';
import { newId } from '../core/ids';
import { newBarcode } from './barcode';

export type { PatronCode } from './entities';

/** A patron code lives five minutes: long enough to show at a till. */
const PATRON_CODE_LIFETIME_MS = 5 * 60 * 1000;

export interface NewPatronCode {
  accountId: string;
  testScenarioName?: string;
  namespace?: string;
  externalId?: string;
  assetId?: string;
}

class BarcodeTaken extends Error {}

/** Writes the code with its barcode guard (and external-id guard) in one transaction. */
export async function insertPatronCode(input: NewPatronCode, now: Date): Promise<PatronCode> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code: StoredPatronCode = {
      id: newId(),
      barcode: newBarcode(),
      createdAt: isoTimestamp(now),
      expiresAt: isoTimestamp(new Date(now.getTime() + PATRON_CODE_LIFETIME_MS)),
      appName: config().assetPrefix,
      accountId: input.accountId,
      ...(input.assetId ? { assetId: input.assetId } : {}),
      ...(input.testScenarioName ? { testScenarioName: input.testScenarioName } : {}),
      ...(input.namespace ? { namespace: input.namespace } : {}),
      ...(input.externalId ? { externalId: input.externalId } : {}),
      metadata: {},
      version: 1,
    };
    const steps: TransactionStep[] = [
      patronCodeEntity.createStep(code),
      barcodeGuardEntity.createStep(
        { barcode: code.barcode, patronCodeId: code.id },
        { onExists: () => new BarcodeTaken() },
      ),
    ];
    if (input.namespace && input.externalId) {
      steps.push(
        externalIdGuardEntity.createStep(
          {
            accountId: input.accountId,
            namespace: input.namespace,
            externalId: input.externalId,
            patronCodeId: code.id,
          },
          { onExists: () => businessRule('EXTERNAL_ID_ALREADY_USED') },
        ),
      );
    }
    try {
      await runTransaction(steps);
      return present(code);
    } catch (error) {
      if (!(error instanceof BarcodeTaken)) throw error;
    }
  }
  throw new Error('could not allocate a unique barcode');
}

export const findPatronCode = (id: string): Promise<StoredPatronCode | undefined> => patronCodeEntity.get(id);

/** The code a guard item points at. */
async function findByGuard(
  guard: Promise<{ patronCodeId: string } | undefined>,
): Promise<StoredPatronCode | undefined> {
  const found = await guard;
  return found ? findPatronCode(found.patronCodeId) : undefined;
}

export const isLive = (code: PatronCode, now: Date) => code.expiresAt > isoTimestamp(now);

/**
 * The unexpired code behind a barcode, or undefined. Its lifetime is on its patron's clock (a test account's test
 * clock).
 */
export async function findPatronCodeByBarcode(barcode: string, now: Date): Promise<StoredPatronCode | undefined> {
  const code = await findByGuard(barcodeGuardEntity.get(barcode));
  return code && isLive(code, await ownerNow(code.accountId, now, findAccount)) ? code : undefined;
}

export async function findPatronCodeByExternalId(
  accountId: string,
  namespace: string,
  externalId: string,
): Promise<StoredPatronCode | undefined> {
  return findByGuard(externalIdGuardEntity.get(accountId, namespace, externalId));
}

/** Replaces the metadata, conditional on the version read. */
export async function saveMetadata(code: StoredPatronCode, metadata: Record<string, string>): Promise<void> {
  await patronCodeEntity.update([code.id], { set: { metadata }, version: code.version });
}

/** The code when the caller may reach its account, else PATRON_CODE_INVALID, as for a missing one. */
export async function readableCode<T extends { accountId: string }>(access: Access, code: T | undefined): Promise<T> {
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  try {
    await access.account(code.accountId);
  } catch (error) {
    if (error instanceof ForbiddenError) throw businessRule('PATRON_CODE_INVALID');
    throw error;
  }
  return code;
}

/** The public view: the PatronCode schema's fields only. */
export function present(code: StoredPatronCode): PatronCode {
  return publicView<PatronCode>(patronCode, code);
}
