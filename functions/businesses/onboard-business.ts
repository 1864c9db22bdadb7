import type { FromSchema } from 'json-schema-to-ts';
import { MAX_ONBOARDING_CHANNELS, onboardBusinessBody } from './schemas';
import {
  findProgram,
  membershipSteps as programMembershipSteps,
  newMembership as newProgramMembership,
} from '../asset-programs';
import { BANK_ACCOUNT_CODES, bankAccountRecord, registrationSteps } from '../bank-accounts';
import { isoTimestamp } from '../core/clock';
import type { Account } from '../core/auth/account-directory';
import type { Principal } from '../core/auth/principal';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { hashRequest } from '../core/idempotency';
import { newId } from '../core/ids';
import { declaredOnly } from '../core/validation/declared-only';
import { checkMerchantFields } from '../merchants';
import {
  connectRequestSteps,
  findSalesChannel,
  membershipSteps as channelMembershipSteps,
  newConnectRequests,
  newMembership as newChannelMembership,
  type SalesChannel,
} from '../sales-channels';
import { companyRegister } from './company-register';
import { ONBOARDING_REGION, onboardedAccount } from './onboarded-account';
import type { OnboardingRequest } from './entities';
import { earlierRequest, ExternalIdTaken, onboardingRequestSteps, present } from './onboarding-store';

type Body = FromSchema<typeof onboardBusinessBody>;
type MerchantFields = NonNullable<Body['merchant']>;
type Device = NonNullable<Body['salesChannels']>[number];

/** One merchant of the request, where the request names it, and the devices it takes payments through. */
interface MerchantPart {
  path: string;
  fields: MerchantFields;
  devices: readonly Device[];
}

/**
 * Onboards a business whole for the caller's account, in one transaction: a new NZ org account (the caller's child),
 * its business, the settlement bank account, its membership of the asset program (`created`, billed to that bank
 * account), its merchants (settling to it) and each merchant's membership of the sales channels its devices name.
 * Every part is checked before anything is written, and a write refused at commit refuses them all, so a failed
 * request leaves nothing behind. The business takes the program's liveness. INVALID_ASSET_PROGRAM: no published
 * program (a live one for a test caller); INVALID_SALES_CHANNEL: a device names no channel of that liveness;
 * INVALID_NZBN: the register does not know the NZBN. With an `externalId`, the same body again answers the request
 * made first; another body is DUPLICATE_EXTERNAL_ID.
 */
export const onboardBusiness = authedOperation<Body>(async ({ body, auth, now }) => {
  // The new account is the caller's, as a business created for a new account is.
  auth.access.also('accounts:create');
  const input = declaredOnly(onboardBusinessBody, body);
  const requester = await auth.access.account(auth.principal.accountId);
  // A concurrent request under the same external id may hold its claim's item: run again, and meet that request.
  return retryOnConflict(() => onboard(input, requester, auth.principal, now));
});

async function onboard(input: Body, requester: Account, principal: Principal, now: Date): Promise<OnboardingRequest> {
  const requestHash = hashRequest(input);
  const repeat = () => earlierRequest(requester.id, input.externalId!, requestHash);
  if (input.externalId) {
    const earlier = await repeat();
    if (earlier) return earlier;
  }
  const merchants = merchantParts(input);
  // The business takes the program's liveness; a test caller onboards test businesses only.
  const program = await findProgram(input.assetProgram.assetProgramId);
  if (!program?.published || (requester.test && !program.test)) throw businessRule('INVALID_ASSET_PROGRAM');
  const { test } = program;
  const [company, channels] = await Promise.all([
    input.nzbn ? companyRegister().find(input.nzbn) : undefined,
    salesChannels(merchants, test),
  ]);
  if (input.nzbn && !company) throw businessRule('INVALID_NZBN');

  const by = principal.crn;
  const at = isoTimestamp(now);
  const tradingName = input.tradingName ?? input.legalName;
  const ids = { account: newId(), business: newId(), merchants: merchants.map(() => newId()) };
  const bank = bankAccountRecord(
    {
      accountId: ids.account,
      bankAccountNumber: input.assetProgram.params.settlementAccountNumber,
      bankAccountName: input.legalName,
      test,
    },
    by,
    at,
  );
  const onboarded = onboardedAccount(
    {
      ids,
      parentAccountId: principal.role === 'platform-operator' ? undefined : requester.id,
      test,
      accountName: tradingName,
      business: {
        name: company?.companyName ?? input.legalName,
        nzbn: company?.nzbn,
        tradingName,
        companyNumber: company?.companyNumber,
        taxNumber: input.taxNumber,
        location: input.location,
      },
      // Merchants settle to the onboarded bank account, which the same transaction registers.
      merchants: merchants.map(({ fields }) => ({
        name: fields.name,
        type: fields.type,
        categoryCode: fields.categoryCode,
        location: fields.location,
        settlementConfig: { bankAccountId: bank.id },
      })),
    },
    by,
    now,
  );
  const { account } = onboarded;
  for (const { path, fields } of merchants) await checkMerchant(path, fields, account);

  const programMembership = newProgramMembership(
    { accountId: account.id, program, billingBankAccountId: bank.id },
    {},
    by,
    at,
  );
  const channelMemberships = onboarded.merchants.map((merchant, i) =>
    distinct(merchants[i].devices.map((d) => d.params.salesChannelId)).map((channelId) =>
      newChannelMembership(channels.get(channelId)!, { ...merchant, test }, by, at),
    ),
  );
  const record = {
    id: newId('businessOnboarding'),
    ...input,
    tradingName,
    contactName: input.contactName ?? merchants[0].fields.contactName ?? input.contactEmail.split('@')[0],
    status: 'completed' as const,
    created: {
      accountId: account.id,
      businessId: onboarded.business.id,
      bankAccountId: bank.id,
      assetProgramMembershipId: programMembership.id,
      merchants: onboarded.merchants.map((merchant, i) => ({
        merchantId: merchant.id,
        salesChannelMembershipIds: channelMemberships[i].map((m) => m.id),
      })),
    },
    createdAt: at,
    createdBy: by,
    accountId: requester.id,
    requestHash,
  };
  // Each join is a request to connect to its channel, listed in the channel's digest.
  const connectRequests = await newConnectRequests(
    channelMemberships.flatMap((memberships, i) =>
      memberships.map((membership) => ({
        channel: channels.get(membership.salesChannelId)!,
        membership,
        merchantName: onboarded.merchants[i].name,
      })),
    ),
  );
  try {
    await runTransaction([
      ...onboardingRequestSteps(record),
      ...onboarded.steps,
      ...registrationSteps(bank, BANK_ACCOUNT_CODES),
      ...programMembershipSteps(programMembership),
      ...channelMemberships.flatMap((memberships) => channelMembershipSteps(...memberships)),
      ...connectRequestSteps(...connectRequests),
    ]);
  } catch (error) {
    // A concurrent request with the same external id was first: the same body answers it.
    if (error instanceof ExternalIdTaken) return (await repeat())!;
    throw error;
  }
  return present(record);
}

/** The request's merchants: the docs' one `merchant` (its devices in `salesChannels`) or our `merchants`. */
function merchantParts(input: Body): MerchantPart[] {
  if (input.merchant && input.merchants) throw badRequest('merchant and merchants cannot both be given');
  if (input.merchants) {
    if (input.salesChannels) throw badRequest('salesChannels goes with merchant; each of merchants takes its own');
    return input.merchants.map(({ salesChannels, ...fields }, i) => ({
      path: `merchants.${i}`,
      fields,
      devices: salesChannels ?? [],
    }));
  }
  if (!input.merchant) throw badRequest('merchant is required');
  return [{ path: 'merchant', fields: input.merchant, devices: input.salesChannels ?? [] }];
}

/**
 * The channels the devices name, each of the business's liveness (INVALID_SALES_CHANNEL otherwise, a missing one
 * alike), with what each requires of a device given.
 */
async function salesChannels(merchants: readonly MerchantPart[], test: boolean): Promise<Map<string, SalesChannel>> {
  const ids = distinct(merchants.flatMap(({ devices }) => devices.map((d) => d.params.salesChannelId)));
  if (ids.length > MAX_ONBOARDING_CHANNELS)
    throw badRequest(`the devices may name at most ${MAX_ONBOARDING_CHANNELS} sales channels in all`);
  const found = await Promise.all(ids.map(findSalesChannel));
  const channels = new Map<string, SalesChannel>();
  for (const channel of found) {
    if (!channel || channel.test !== test) throw businessRule('INVALID_SALES_CHANNEL');
    channels.set(channel.id, channel);
  }
  for (const { path, devices } of merchants) {
    for (const [i, { params }] of devices.entries()) {
      const channel = channels.get(params.salesChannelId)!;
      const where = `${path === 'merchant' ? '' : `${path}.`}salesChannels.${i}.params`;
      if (channel.deviceSerialNumber && !params.serialNumber)
        throw badRequest(`${where}.serialNumber is required by its sales channel`);
      if (channel.deviceModel && !params.deviceModel)
        throw badRequest(`${where}.deviceModel is required by its sales channel`);
    }
  }
  return channels;
}

/** A merchant meets the merchant rules against its new account; a physical one needs its location. */
async function checkMerchant(
  path: string,
  fields: MerchantFields,
  account: Parameters<typeof checkMerchantFields>[1],
): Promise<void> {
  if (fields.type === 'physical' && !fields.location)
    throw badRequest(`${path}.location is required for a physical merchant`);
  try {
    await checkMerchantFields(
      { type: fields.type, location: fields.location, country: fields.location?.country ?? ONBOARDING_REGION },
      account,
    );
  } catch (error) {
    throw error instanceof Error && error.message.startsWith('location ')
      ? badRequest(`${path}.${error.message}`)
      : error;
  }
}

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];
