import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PUBLIC_MEDIA } from '../../functions/core/infrastructure';
import { BRANDING_IMAGE_HEADERS } from '../../functions/media-uploads';
import { PaymentsStack } from '../../lib/payments-stack';
import type { Json } from '../support/api';

/** Built once with bundling skipped: the assertions are about the template, not the bundles. */
const template = Template.fromStack(
  new PaymentsStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'PaymentsPlatform'),
);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, Json> }>;
const logicalIdOf = (type: string, prefix: string) =>
  Object.keys(resources).find((id) => resources[id].Type === type && id.startsWith(prefix))!;
const distributionId = logicalIdOf('AWS::CloudFront::Distribution', 'MediaCdn');
const mediaBucketId = logicalIdOf('AWS::S3::Bucket', 'DataMediaBucket');
const logsBucketId = logicalIdOf('AWS::S3::Bucket', 'DataMediaAccessLogs');
const config = resources[distributionId].Properties.DistributionConfig;

describe('media CDN', () => {
  it('serves the media bucket through an origin access control, under the public prefix only', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    expect(config.Origins).toHaveLength(1);
    const [origin] = config.Origins;
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [mediaBucketId, 'RegionalDomainName'] });
    // `/media/<id>` is read as `public/media/<id>`: the private files under `media/<account>/` are out of its reach.
    expect(origin.OriginPath).toBe(`/${PUBLIC_MEDIA.prefix.slice(0, -1)}`);
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const oacId = logicalIdOf('AWS::CloudFront::OriginAccessControl', 'MediaCdn');
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(resources[oacId].Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
  });

  it('lets only this distribution read the bucket, and only the public prefix', () => {
    const statements = Object.values(template.findResources('AWS::S3::BucketPolicy'))
      .filter((policy) => JSON.stringify(policy.Properties.Bucket) === JSON.stringify({ Ref: mediaBucketId }))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const cloudfront = statements.filter((s) => JSON.stringify(s.Principal ?? {}).includes('cloudfront'));
    expect(cloudfront).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [mediaBucketId, 'Arn'] }, `/${PUBLIC_MEDIA.prefix}*`]] },
        Condition: {
          StringEquals: {
            'AWS:SourceArn': {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  ':cloudfront::',
                  { Ref: 'AWS::AccountId' },
                  ':distribution/',
                  { Ref: distributionId },
                ],
              ],
            },
          },
        },
      },
    ]);
    // The bucket stays private: no public policy, no ACL reads.
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('answers GET and HEAD over HTTPS only, cached a year by path alone, with the images’ headers', () => {
    const behavior = config.DefaultCacheBehavior;
    expect(config.CacheBehaviors).toBeUndefined();
    expect(behavior).toMatchObject({ ViewerProtocolPolicy: 'https-only', AllowedMethods: ['GET', 'HEAD'] });
    const cachePolicy = resources[behavior.CachePolicyId.Ref].Properties.CachePolicyConfig;
    expect(cachePolicy).toMatchObject({ DefaultTTL: 31536000, MaxTTL: 31536000, MinTTL: 86400 });
    // Nothing of the request but its path reaches the cache key or the origin: no header, query or cookie.
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    expect(behavior.OriginRequestPolicyId).toBeUndefined();
    const headers = resources[behavior.ResponseHeadersPolicyId.Ref].Properties.ResponseHeadersPolicyConfig;
    expect(headers.SecurityHeadersConfig).toMatchObject({
      ContentTypeOptions: { Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: BRANDING_IMAGE_HEADERS['content-security-policy'] },
      ReferrerPolicy: { ReferrerPolicy: BRANDING_IMAGE_HEADERS['referrer-policy'] },
      StrictTransportSecurity: expect.anything(),
    });
    expect(headers.CustomHeadersConfig.Items).toEqual(
      (['cache-control', 'cross-origin-resource-policy'] as const).map((header) => ({
        Header: header,
        Value: BRANDING_IMAGE_HEADERS[header],
        Override: true,
      })),
    );
  });

  it('logs every request to the access-log bucket', () => {
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logsBucketId, 'RegionalDomainName'] },
      Prefix: 'cdn/',
    });
  });

  it('names its domain to every function, which derives branding image URLs from it', () => {
    const base = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment,
    );
    expect(functions.length).toBeGreaterThan(30);
    for (const fn of functions) expect(fn.Properties.Environment.Variables[PUBLIC_MEDIA.baseUrlVariable]).toEqual(base);
    template.hasOutput('MediaBaseUrl', { Value: base });
  });

  it('lets the media-uploads function put and get the public prefix beside its private one, nothing more', () => {
    const statements = Object.entries(template.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('FunctionsgroupmediauploadsRole'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((s) => [s.Action].flat().some((action: string) => action.startsWith('s3:')));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject'],
        Resource: ['media/', PUBLIC_MEDIA.prefix].map((prefix) => ({
          'Fn::Join': ['', [{ 'Fn::GetAtt': [mediaBucketId, 'Arn'] }, `/${prefix}*`]],
        })),
      },
    ]);
  });
});
