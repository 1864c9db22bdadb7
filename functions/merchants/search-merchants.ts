import { QueryCommand } from '../core/db/document';
import type { FromSchema } from 'json-schema-to-ts';
import type { merchantSearchQuery } from './schemas';
import { describeAssetType } from '../core/asset-types';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { accountMerchantsPartition, merchantEntity, merchantSearchPartition } from './entities';
import { decodePageKey, encodePageKey, paginationLimit } from '../core/db/pagination';
import { badRequest } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { listedProgramsOf } from '../loyalty-programs';
import type { StoredMerchant } from './merchant-store';

type Query = FromSchema<typeof merchantSearchQuery>;

/**
 * How many merchants one search examines. The search reads one index partition per liveness,
 * narrowed by name prefix in the key condition and by account, category and asset in a filter, or,
 * when it names an account, that account's own partition (so other accounts' merchants never crowd
 * its out); distance is computed on what that returns. Beyond this cap a search must be narrowed (by
 * name, account or category); `totalItems` counts the matches among the examined merchants.
 */
export const SEARCH_CAP = 1000;

export const searchMerchants = publicOperation<unknown, Query>(async ({ query }) => {
  if (query.distance !== undefined && !query.origin) throw badRequest('origin is required with distance');
  // A product (collection) of a token or ledger type: no merchant lists products on this platform yet.
  const asset = assetFilter(query.asset);
  if (asset?.productId && isCollectionKind(asset.assetType)) return { totalItems: 0, items: [] };
  const examined = await examine(query);
  // A merchant has a loyalty program when its account has an active, public one.
  const listed = query.hasLoyaltyProgram ? await listedProgramsOf(examined.map((m) => m.accountId)) : undefined;
  const candidates = listed ? examined.filter((m) => listed.has(m.accountId)) : examined;
  const origin = query.origin?.split(',').map(Number) as [number, number] | undefined;
  const matches = candidates
    .map((m) => ({
      m,
      km:
        origin && m.location?.lat && m.location?.lng
          ? haversineKm(origin, [Number(m.location.lat), Number(m.location.lng)])
          : undefined,
    }))
    .filter(({ km }) => query.distance === undefined || (km !== undefined && km <= query.distance))
    .sort((a, b) => (a.km ?? 0) - (b.km ?? 0));
  const scope = searchScope(query);
  const offset = query.pageKey ? Number((await decodePageKey(query.pageKey, scope)).offset) : 0;
  const limit = paginationLimit(query.paginationLimit);
  const shown = matches.slice(offset, offset + limit);
  const programs = listed ?? (await listedProgramsOf(shown.map(({ m }) => m.accountId)));
  const page = shown.map(({ m }) => ({
    id: m.id,
    name: m.name,
    acceptedAssets: (m.acceptedAssetTypes ?? []).map((assetType) => ({ assetType, products: [] })),
    ...(m.location ? { location: m.location } : {}),
    accountId: m.accountId,
    ...(m.categoryCode ? { categoryCode: m.categoryCode } : {}),
    // Search is unauthenticated: there is no caller to be a member.
    loyaltyPrograms: (programs.get(m.accountId) ?? []).map((p) => ({ id: p.id, isMember: false })),
  }));
  const next = offset + limit < matches.length ? await encodePageKey({ offset: offset + limit }, scope) : undefined;
  return { totalItems: matches.length, items: page, ...(next ? { nextPageKey: next } : {}) };
});

async function examine(query: Query): Promise<StoredMerchant[]> {
  if (query.accountId) return examineAccount(query, query.accountId);
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': merchantSearchPartition(query.test === true) };
  if (query.categoryCode) {
    filters.push('categoryCode = :category');
    values[':category'] = query.categoryCode;
  }
  const asset = assetFilter(query.asset);
  if (asset) {
    filters.push('contains(acceptedAssetTypes, :asset)');
    values[':asset'] = asset.assetType;
  }
  if (query.name) values[':name'] = query.name.toLowerCase();
  const found: StoredMerchant[] = [];
  let start: Record<string, unknown> | undefined;
  let examined = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: config().tableName,
        IndexName: 'GSI2',
        KeyConditionExpression: query.name ? 'GSI2PK = :pk AND begins_with(GSI2SK, :name)' : 'GSI2PK = :pk',
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ExpressionAttributeValues: values,
        Limit: SEARCH_CAP - examined,
        ExclusiveStartKey: start,
      }),
    );
    examined += out.ScannedCount ?? 0;
    found.push(...(out.Items ?? []).map((item) => merchantEntity.parse(item)));
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start && examined < SEARCH_CAP);
  return found;
}

/** One account's merchants that match, in the order the liveness partition gives them (name, then id). */
async function examineAccount(query: Query, accountId: string): Promise<StoredMerchant[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': accountMerchantsPartition(accountId) },
      Limit: SEARCH_CAP,
    }),
  );
  const asset = assetFilter(query.asset)?.assetType;
  const name = query.name?.toLowerCase();
  const sortKey = (m: StoredMerchant) => `${m.name.toLowerCase()}#${m.id}`;
  return (out.Items ?? [])
    .map((item) => merchantEntity.parse(item))
    .filter((m) => (m.test === true) === (query.test === true))
    .filter((m) => !query.categoryCode || m.categoryCode === query.categoryCode)
    .filter((m) => !asset || (m.acceptedAssetTypes ?? []).includes(asset))
    .filter((m) => !name || m.name.toLowerCase().startsWith(name))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
}

/**
 * The `asset` parameter is `assetType` or `assetType,productId`, the product being a collection id
 * of a token or ledger asset type (and meaningless for other types).
 */
function assetFilter(asset: string | undefined): { assetType: string; productId?: string } | undefined {
  if (!asset) return undefined;
  const [assetType, productId] = asset.split(',', 2).map((part) => part.trim());
  return productId ? { assetType, productId } : { assetType };
}

function isCollectionKind(assetType: string): boolean {
  const kind = describeAssetType(assetType)?.kind;
  return kind === 'token' || kind === 'ledger';
}

/** Page keys of a search only work for the same search. */
function searchScope(query: Query): string {
  const { pageKey: _p, ...rest } = query;
  return `merchant-search:${JSON.stringify(Object.entries(rest).sort())}`;
}

const EARTH_RADIUS_KM = 6371;

function haversineKm([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}
