import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { trackConsumedCapacity } from './capacity';

let rawClient: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The one low-level client per container (the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB
 * locally). Document clients share its middleware stack, so instrumentation and fault
 * injection added here apply to every read and write.
 */
export function dynamoDbClient(): DynamoDBClient {
  if (!rawClient) {
    rawClient = new DynamoDBClient({ maxAttempts: 3 });
    if (process.env.TRACK_CONSUMED_CAPACITY === '1') trackConsumedCapacity(rawClient);
  }
  return rawClient;
}

export function db(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
  return documentClient;
}
