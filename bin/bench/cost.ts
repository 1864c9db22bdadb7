import { MEMORY_MB } from '../../lib/bundling';
import type { ApiFigure } from './api-scenarios';
import { round } from './measure';

/**
 * AWS list prices, us-east-1, as published on the services' pricing pages (dated: the README quotes
 * the date with the table). On-demand DynamoDB since its 2024-11-01 reduction; HTTP API's first
 * 300 million requests a month; Lambda on arm64 (the stack's architecture), billed per ms.
 */
export const PRICES = {
  date: '2026-11-23',
  region: 'us-east-1',
  httpApiPerMillionRequests: 1.0,
  lambdaPerMillionRequests: 0.2,
  lambdaArmPerGbSecond: 0.0000133334,
  dynamoDbPerMillionWriteUnits: 0.625,
  dynamoDbPerMillionReadUnits: 0.125,
} as const;

export interface CostFigure {
  operation: string;
  /** Dollars per million calls, by part and in all. */
  api: number;
  lambdaRequests: number;
  lambdaDuration: number;
  dynamoDbReads: number;
  dynamoDbWrites: number;
  total: number;
  /** What it was computed from (per call): billed ms at MEMORY_MB, read units, write units. */
  billedMs: number;
  readUnits: number;
  writeUnits: number;
}

/** Dollars per million calls of an operation measured at concurrency 1: HTTP API + Lambda requests and duration × memory + request units. */
export function costOf(figure: ApiFigure): CostFigure {
  const billedMs = Math.ceil(figure.handlerP50Ms);
  const parts = {
    api: PRICES.httpApiPerMillionRequests,
    lambdaRequests: PRICES.lambdaPerMillionRequests,
    lambdaDuration: (billedMs / 1000) * (MEMORY_MB / 1024) * PRICES.lambdaArmPerGbSecond * 1e6,
    dynamoDbReads: figure.readUnits * PRICES.dynamoDbPerMillionReadUnits,
    dynamoDbWrites: figure.writeUnits * PRICES.dynamoDbPerMillionWriteUnits,
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return {
    operation: figure.name,
    ...(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v, 3)])) as typeof parts),
    total: round(total, 3),
    billedMs,
    readUnits: figure.readUnits,
    writeUnits: figure.writeUnits,
  };
}

/** A flow's cost: the sum of its operations'. */
export function flowCost(name: string, steps: CostFigure[]): CostFigure {
  const sum = (key: keyof CostFigure) => round(steps.reduce((a, s) => a + (s[key] as number), 0), 3);
  return {
    operation: name,
    api: sum('api'),
    lambdaRequests: sum('lambdaRequests'),
    lambdaDuration: sum('lambdaDuration'),
    dynamoDbReads: sum('dynamoDbReads'),
    dynamoDbWrites: sum('dynamoDbWrites'),
    total: sum('total'),
    billedMs: sum('billedMs'),
    readUnits: sum('readUnits'),
    writeUnits: sum('writeUnits'),
  };
}
