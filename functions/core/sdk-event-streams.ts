/**
 * What the shipped bundles load in place of the SDK's event-stream support (lib/bundling.ts aliases
 * `@smithy/core/event-streams` to this module). The SDK's protocols load it by `import()` only for an operation whose
 * input or output streams events (S3 Select, Kinesis' SubscribeToShard, Bedrock's streams), and none of the operations
 * the platform calls has one; the bundles turn `import()` into `require`, so it was some 19 KiB of every bundle that
 * every cold import parsed (docs/performance.md).
 */
const unused = (): never => {
  throw new Error('event streams are not bundled: no operation the platform calls streams events');
};

export class EventStreamSerde {
  constructor() {
    unused();
  }
}

export const eventStreamSerdeProvider = unused;
