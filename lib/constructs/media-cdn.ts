import { Aws, CfnOutput, Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PUBLIC_MEDIA } from '../../functions/core/infrastructure';
import { BRANDING_IMAGE_HEADERS } from '../../functions/media-uploads';
import type { PaymentsData } from './data';

/** The origin path the public objects sit under: `/media/<id>` is read as `public/media/<id>`. */
const ORIGIN_PATH = `/${PUBLIC_MEDIA.prefix.replace(/\/$/, '')}`;

/**
 * The media bucket as an origin through an origin access control, readable by this one distribution and only under
 * the public prefix. CDK's own OAC origin grants the distribution every object of the bucket (`<bucket>/*`); the
 * bucket also holds private files (bank statements, onboarding CSVs), so this origin writes its own narrower grant.
 */
class PublicPrefixOrigin extends S3BucketOrigin {
  constructor(
    private readonly bucket: s3.IBucket,
    private readonly accessControl: cloudfront.S3OriginAccessControl,
  ) {
    super(bucket, { originPath: ORIGIN_PATH });
  }

  bind(scope: Construct, options: cloudfront.OriginBindOptions): cloudfront.OriginBindConfig {
    const distribution = `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${options.distributionId}`;
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${PUBLIC_MEDIA.prefix}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceArn': distribution },
        },
      }),
    );
    const config = this._bind(scope, options);
    return {
      ...config,
      originProperty: { ...config.originProperty!, originAccessControlId: this.accessControl.originAccessControlId },
    };
  }
}

/**
 * The branding images' CDN: a CloudFront distribution serving `/media/<id>` straight from the private media bucket
 * (docs/operations.md#the-media-cdn). Media only: the API stays on the HTTP API, whose answers are per key and whose
 * rate limits count failed authentications per source address, which a CDN in front would turn into its own.
 */
export class PaymentsMediaCdn extends Construct {
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>`: what branding images' URLs start with on AWS. */
  readonly baseUrl: string;

  constructor(scope: Construct, id: string, props: { data: PaymentsData }) {
    super(scope, id);
    const accessControl = new cloudfront.S3OriginAccessControl(this, 'OriginAccessControl', {
      description: 'Branding images of the media bucket',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    // An image's id names bytes that never change: cached a year, whatever the request carries.
    const cachePolicy = new cloudfront.CachePolicy(this, 'ImageCachePolicy', {
      comment: 'Branding images: immutable per id, keyed by path alone',
      defaultTtl: Duration.days(365),
      minTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: false,
      enableAcceptEncodingBrotli: false,
    });
    // The headers the media-uploads function sends locally (the bucket's objects carry none of them).
    const responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ImageHeaders', {
      comment: 'Branding images: cached a year, nosniff, a sandboxing CSP, no referrer, readable from other origins',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: BRANDING_IMAGE_HEADERS['content-security-policy'],
          override: true,
        },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: (['cache-control', 'cross-origin-resource-policy'] as const).map((header) => ({
          header,
          value: BRANDING_IMAGE_HEADERS[header],
          override: true,
        })),
      },
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Branding images (GET /media/{mediaUploadId})',
      defaultBehavior: {
        origin: new PublicPrefixOrigin(props.data.mediaBucket, accessControl),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        responseHeadersPolicy: responseHeaders,
        compress: false,
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: props.data.accessLogs,
      logFilePrefix: 'cdn/',
    });
    this.baseUrl = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'MediaBaseUrl', {
      key: 'MediaBaseUrl',
      value: this.baseUrl,
      description: 'Base URL of the branding images (the media CDN)',
    });
  }
}
