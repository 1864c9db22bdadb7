import { business as businessSchema } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import type { TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { accountBusinessEntity, businessEntity, nzbnClaimEntity, type Business, type StoredBusiness } from './entities';
import { madeBy } from '../core/audit';

const BUSINESS_ALREADY_EXISTS = 'BUSINESS_ALREADY_EXISTS';

export type NewBusiness = Pick<
  Business,
  'accountId' | 'accountName' | 'name' | 'nzbn' | 'tradingName' | 'companyNumber' | 'taxNumber' | 'location'
> & {
  test: boolean;
};

const alreadyExists = () => businessRule(BUSINESS_ALREADY_EXISTS);

/**
 * The writes that create a business (`applied`) with its claims, each conditional on being new: the
 * account's one business and, with an NZBN, the NZBN's one business of its liveness. Either claim
 * taken answers BUSINESS_ALREADY_EXISTS; `items` are the same writes bare, for a batch writing records
 * no one else can hold. `id` is given where a repeated message must find the same business again.
 */
export function businessCreation(
  input: NewBusiness,
  createdBy: string,
  now: Date,
  id: string,
): { business: Business; steps: TransactionStep[]; items: Record<string, unknown>[] } {
  const at = isoTimestamp(now);
  const stored: StoredBusiness = {
    id,
    ...input,
    onboardingStatus: 'applied',
    ...madeBy(createdBy, at),
    version: 1,
    activityCount: 0,
  };
  const claim = { businessId: id, accountId: input.accountId };
  const items = [businessEntity.item(stored), accountBusinessEntity.item(claim)];
  const steps = [
    businessEntity.createStep(stored, { onExists: alreadyExists }),
    accountBusinessEntity.createStep(claim, { onExists: alreadyExists }),
  ];
  if (input.nzbn) {
    items.push(nzbnClaimEntity.item({ ...claim, nzbn: input.nzbn, test: input.test }));
    steps.push(nzbnClaimStep(input.nzbn, input.test, claim));
  }
  return { business: present(stored), steps, items };
}

/** Claims an NZBN for a business of its liveness; taken by another business: BUSINESS_ALREADY_EXISTS. */
export function nzbnClaimStep(
  nzbn: string,
  test: boolean,
  claim: { businessId: string; accountId: string },
): TransactionStep {
  return nzbnClaimEntity.createStep({ ...claim, nzbn, test }, { onExists: alreadyExists });
}

export const findBusiness = (id: string): Promise<StoredBusiness | undefined> => businessEntity.get(id);

/** The business of an account, if it has one. */
export async function findAccountBusiness(accountId: string): Promise<StoredBusiness | undefined> {
  const claim = await accountBusinessEntity.get(accountId);
  return claim ? findBusiness(claim.businessId) : undefined;
}

/** The public view: the Business schema's fields only. */
export const present = (stored: Business): Business => publicView<Business>(businessSchema, stored);
