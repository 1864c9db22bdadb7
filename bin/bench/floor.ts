import * as dynamodb from '@aws-sdk/client-dynamodb';
import type { RecordedCall } from '../../functions/core/db/capacity';
import { sdkClient } from '../../functions/core/observability';
import { percentile, round } from './measure';

type CommandClass = new (
  input: never,
) => dynamodb.DynamoDBClient extends { send(command: infer C): unknown } ? C : never;

/**
 * The same-calls floor of an operation: each sampled request's own DynamoDB calls (as the gateway
 * recorded them, marshalled) sent again straight to DynamoDB Local with no handler, gateway or HTTP
 * in between (a client configured as the platform's, `sdkClient`), the calls of one round trip side by side and the
 * round trips one after another. A write replayed meets the item its first sending wrote, where its condition would now
 * fail and a cancelled transaction costs DynamoDB far less than the commit it measured: each condition is sent OR-ed
 * with one that always holds (still evaluated, never failing), so the replay commits as the request did. Replays change
 * the bench's data: run them after the figures that read it. p50 in ms.
 */
export async function replayFloor(samples: RecordedCall[][], repeat = 2): Promise<number> {
  const client = sdkClient(new dynamodb.DynamoDBClient({}));
  const times: number[] = [];
  try {
    for (let r = 0; r < repeat; r++) {
      for (const calls of samples) {
        const rounds = new Map<number, RecordedCall[]>();
        for (const call of calls) rounds.set(call.roundTrip, [...(rounds.get(call.roundTrip) ?? []), call]);
        const t0 = process.hrtime.bigint();
        for (const round of [...rounds.keys()].sort((a, b) => a - b)) {
          // A refused replay would time a refusal, not the call: the bench stops instead.
          await Promise.all(
            rounds.get(round)!.map((call) =>
              client.send(commandOf(call)).catch((error: Error) => {
                throw new Error(`floor: replaying ${call.commandName} failed: ${error.name} ${error.message}`);
              }),
            ),
          );
        }
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }
  } finally {
    client.destroy();
  }
  return round(
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
}

function commandOf(call: RecordedCall) {
  const Command = (dynamodb as unknown as Record<string, CommandClass>)[call.commandName];
  if (!Command) throw new Error(`cannot replay ${call.commandName}`);
  return new Command(committing(call.input) as never);
}

interface Conditional {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

/** True of every item: it either has the key attribute or has not. */
const HOLDS_ALWAYS = 'OR attribute_exists(#floorKey) OR attribute_not_exists(#floorKey)';

/** A write whose condition (if any) cannot fail; no client token, which would answer the first sending's result. */
export function committing(input: unknown): unknown {
  const always = (write: Conditional): Conditional =>
    write.ConditionExpression
      ? {
          ...write,
          ConditionExpression: `(${write.ConditionExpression}) ${HOLDS_ALWAYS}`,
          ExpressionAttributeNames: { ...write.ExpressionAttributeNames, '#floorKey': 'PK' },
        }
      : write;
  const {
    TransactItems,
    ClientRequestToken: _token,
    ...rest
  } = input as { TransactItems?: Record<string, Conditional>[]; ClientRequestToken?: string };
  if (!TransactItems) return always(rest);
  return {
    ...rest,
    TransactItems: TransactItems.map((item) =>
      Object.fromEntries(Object.entries(item).map(([kind, write]) => [kind, always(write)])),
    ),
  };
}
