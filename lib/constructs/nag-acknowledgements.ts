import { type CfnElement, type Stack, Validations } from 'aws-cdk-lib';
import type { PaymentsData } from './data';

/**
 * cdk-nag AwsSolutions findings this design accepts, each with its reason. Findings are fixed in
 * the constructs where that is cheap (own roles instead of managed policies, TLS-only queues and
 * buckets, access logs, log retention, latest runtime); what is here is deliberate.
 */
export function nagAcknowledgements(stack: Stack, data: PaymentsData): { id: string; reason: string }[] {
  const tableLogicalId = stack.getLogicalId(data.table.node.defaultChild as CfnElement);
  const bucketLogicalId = stack.getLogicalId(data.mediaBucket.node.defaultChild as CfnElement);
  return [
    {
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/media/*]`,
      reason:
        'The media-uploads function puts and gets objects under the media/ prefix of the one media bucket (one ' +
        'object per upload, named by its id); it cannot list, delete or reconfigure.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/public/*]`,
      reason:
        'The media-uploads function puts and gets branding logos under the public/ prefix (public/media/<id>, the ' +
        'objects the media CDN serves); it cannot list, delete or reconfigure.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray active tracing (functions/core/tracing.ts): xray:PutTraceSegments and xray:PutTelemetryRecords take ' +
        'no resource-level permissions, so AWS grants them on * (the only wildcard resource the functions hold).',
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Every route authenticates in its Lambda: API keys are looked up by SHA-256 hash in DynamoDB and ' +
        'authorized against the roles matrix; routes without a key (OpenAPI, merchant search, summaries) are ' +
        'public by design.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${tableLogicalId}.Arn>/index/*]`,
      reason:
        "Functions query the table's own global secondary indexes (GSI1, GSI2); the wildcard covers only " +
        'indexes of this one table.',
    },
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The page-key HMAC secret authenticates opaque pagination tokens; rotating it only invalidates ' +
        'outstanding page keys, so it is rotated by redeploying, not on a schedule. The promotion draw key is ' +
        'never rotated: every past draw must stay recomputable by whoever audits it. The webhook signing key set ' +
        'is rotated by the admin command (rotate-signing-key, then retire-signing-key once receivers have the ' +
        'new key), which a Lambda rotation schedule cannot sequence.',
    },
    {
      id: 'AwsSolutions-CFR1',
      reason:
        'The media CDN serves branding logos that wallet apps and pay pages show to patrons wherever they are; ' +
        'nothing it serves is restricted by country.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'The media CDN serves immutable public images from a cache and reads only the public prefix of the ' +
        'bucket; it takes no input a WAF rule would inspect (GET and HEAD only, no query, headers or cookies ' +
        'forwarded).',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        "The media CDN answers on its *.cloudfront.net name, whose default certificate fixes CloudFront's oldest " +
        'TLS policy; setting a TLS 1.2 minimum needs a custom domain and certificate, which the stack does not ' +
        'own yet (docs/operations.md, the media CDN).',
    },
  ];
}

export function acknowledgeNagFindings(stack: Stack, data: PaymentsData): void {
  for (const acknowledgement of nagAcknowledgements(stack, data)) Validations.of(stack).acknowledge(acknowledgement);
  // On this queue alone: it is the stream mappings' on-failure destination, the end of the line as a DLQ is.
  Validations.of(data.streamFailures).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      "The stream consumers' on-failure destination: it holds where a batch that spent its retries sits in the " +
      'stream, for an operator (its depth alarms); a dead-letter queue of its own would have nothing to catch.',
  });
}
