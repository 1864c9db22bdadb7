import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/** Whether a conditional write applied: false when its condition did not hold; other errors are thrown. */
export function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  return write.then(
    () => true,
    (error: unknown) => {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    },
  );
}
