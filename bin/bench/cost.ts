import { MEMORY_MB } from '../../lib/bundling';
import type { ApiFigure } from './api-scenarios';
import type { DownstreamFigure } from './downstream';
import { round } from './measure';

/**
 * AWS list prices, us-east-1, as published on the services' pricing pages (dated: docs/performance.md quotes
 * the date with the table). On-demand DynamoDB since its 2024-11-01 reduction; HTTP API's first
 * 300 million requests a month; Lambda on arm64 (the stack's architecture), billed per ms; SQS
 * standard queues past the free tier, per request of up to 64 KB.
 */
export const PRICES = {
  date: '2026-11-23',
  region: 'us-east-1',
  httpApiPerMillionRequests: 1.0,
  lambdaPerMillionRequests: 0.2,
  lambdaArmPerGbSecond: 0.0000133334,
  dynamoDbPerMillionWriteUnits: 0.625,
  dynamoDbPerMillionReadUnits: 0.125,
  /** Provisioned capacity (lib/constructs/data.ts `tableCapacity`): per unit provisioned for an hour. */
  dynamoDbWriteUnitHour: 0.00065,
  dynamoDbReadUnitHour: 0.00013,
  /** What auto scaling keeps consumed ÷ provisioned at: the unused rest is paid for too. */
  provisionedUtilization: 0.7,
  sqsPerMillionRequests: 0.4,
} as const;

/**
 * Dollars per million units consumed on provisioned capacity at the target utilisation: a unit provisioned for an hour
 * serves 3,600 units a second's worth, of which the target's share is consumed.
 */
const provisionedPerMillion = (unitHour: number) => (unitHour * 1e6) / (3600 * PRICES.provisionedUtilization);

/** The same figure with its DynamoDB units priced on provisioned capacity (auto scaling at its target) instead. */
export function onProvisionedCapacity(name: string, figure: CostFigure): CostFigure {
  const { api, lambdaRequests, lambdaDuration, sqs, billedMs, readUnits, writeUnits, sqsRequests } = figure;
  return priced(
    name,
    {
      api,
      lambdaRequests,
      lambdaDuration,
      dynamoDbReads: readUnits * provisionedPerMillion(PRICES.dynamoDbReadUnitHour),
      dynamoDbWrites: writeUnits * provisionedPerMillion(PRICES.dynamoDbWriteUnitHour),
      sqs,
    },
    { billedMs, readUnits, writeUnits, sqsRequests },
  );
}

export interface CostFigure {
  operation: string;
  /** Dollars per million calls, by part and in all. */
  api: number;
  lambdaRequests: number;
  lambdaDuration: number;
  dynamoDbReads: number;
  dynamoDbWrites: number;
  sqs: number;
  total: number;
  /** What it was computed from (per call): billed ms at MEMORY_MB, read units, write units, SQS requests. */
  billedMs: number;
  readUnits: number;
  writeUnits: number;
  sqsRequests: number;
}

type Parts = Pick<CostFigure, 'api' | 'lambdaRequests' | 'lambdaDuration' | 'dynamoDbReads' | 'dynamoDbWrites' | 'sqs'>;

function priced(
  operation: string,
  parts: Parts,
  basis: Pick<CostFigure, 'billedMs' | 'readUnits' | 'writeUnits' | 'sqsRequests'>,
): CostFigure {
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return {
    operation,
    ...(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v, 3)])) as Parts),
    total: round(total, 3),
    ...basis,
  };
}

const durationDollars = (billedMs: number) =>
  (billedMs / 1000) * (MEMORY_MB / 1024) * PRICES.lambdaArmPerGbSecond * 1e6;

/**
 * Dollars per million calls of an operation measured at concurrency 1: HTTP API + Lambda requests and duration × memory
 * + request units.
 */
export function costOf(figure: ApiFigure): CostFigure {
  const billedMs = Math.ceil(figure.handlerP50Ms);
  return priced(
    figure.name,
    {
      api: PRICES.httpApiPerMillionRequests,
      lambdaRequests: PRICES.lambdaPerMillionRequests,
      lambdaDuration: durationDollars(billedMs),
      dynamoDbReads: figure.readUnits * PRICES.dynamoDbPerMillionReadUnits,
      dynamoDbWrites: figure.writeUnits * PRICES.dynamoDbPerMillionWriteUnits,
      sqs: 0,
    },
    { billedMs, readUnits: figure.readUnits, writeUnits: figure.writeUnits, sqsRequests: 0 },
  );
}

/**
 * What a flow sets off, per flow: its consumers' invocations, billed time and request units, and
 * for each queue message its send, plus a receive and a delete per invocation (the event source
 * mapping's empty polls are a cost per hour, not per flow). Stream reads by Lambda are free.
 */
export function downstreamCost(name: string, figure: DownstreamFigure): CostFigure {
  const sum = (pick: (c: DownstreamFigure['consumers'][number]) => number) =>
    figure.consumers.reduce((a, c) => a + pick(c), 0);
  const billedMs = round(
    sum((c) => c.billedMs),
    3,
  );
  const readUnits = round(
    sum((c) => c.readUnits),
    3,
  );
  const writeUnits = round(
    sum((c) => c.writeUnits),
    3,
  );
  const sqsRequests = round(
    sum((c) => (c.queue ? c.records + 2 * c.invocations : 0)),
    3,
  );
  return priced(
    name,
    {
      api: 0,
      lambdaRequests: sum((c) => c.invocations) * PRICES.lambdaPerMillionRequests,
      lambdaDuration: durationDollars(billedMs),
      dynamoDbReads: readUnits * PRICES.dynamoDbPerMillionReadUnits,
      dynamoDbWrites: writeUnits * PRICES.dynamoDbPerMillionWriteUnits,
      sqs: sqsRequests * PRICES.sqsPerMillionRequests,
    },
    { billedMs, readUnits, writeUnits, sqsRequests },
  );
}

/** A flow's cost: the sum of its operations'. */
export function flowCost(name: string, steps: CostFigure[]): CostFigure {
  const sum = (key: keyof Parts | keyof Pick<CostFigure, 'billedMs' | 'readUnits' | 'writeUnits' | 'sqsRequests'>) =>
    steps.reduce((a, s) => a + s[key], 0);
  return priced(
    name,
    {
      api: sum('api'),
      lambdaRequests: sum('lambdaRequests'),
      lambdaDuration: sum('lambdaDuration'),
      dynamoDbReads: sum('dynamoDbReads'),
      dynamoDbWrites: sum('dynamoDbWrites'),
      sqs: sum('sqs'),
    },
    {
      billedMs: round(sum('billedMs'), 3),
      readUnits: round(sum('readUnits'), 3),
      writeUnits: round(sum('writeUnits'), 3),
      sqsRequests: round(sum('sqsRequests'), 3),
    },
  );
}
