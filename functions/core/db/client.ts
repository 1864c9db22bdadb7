import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per container; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB locally. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 3 }), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
      unmarshallOptions: { wrapNumbers: false },
    });
  }
  return documentClient;
}

/** Lets tests and the fault harness wrap the client (e.g. to inject failures). */
export function setDb(client: DynamoDBDocumentClient): void {
  documentClient = client;
}
