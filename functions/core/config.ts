/**
 * Runtime configuration, read once from the environment. The same variables drive Lambda
 * (set by the stack) and the local platform (set by bin/local.ts).
 */
export interface RuntimeConfig {
  tableName: string;
  /** The operator's own asset-type issuer prefix (`svc` in `svc.nzd.main`). */
  assetPrefix: string;
  /** Secret for authenticating page keys: inline locally, a Secrets Manager ARN on AWS. */
  pageKeySecret?: string;
  pageKeySecretArn?: string;
  /** Secret keying promotion draws (promotions/draws.ts): inline locally, a Secrets Manager ARN on AWS. */
  drawKeySecret?: string;
  drawKeySecretArn?: string;
  /** Webhook signing key set (JSON, see core/webhooks/signing-keys): inline locally, a Secrets Manager ARN on AWS. */
  webhookSigningKeys?: string;
  webhookSigningKeysSecretArn?: string;
  /** Base URL of the patron-facing pay pages. */
  appBaseUrl: string;
  stage: string;
  /** Default requests per minute per account (an account may carry its own). */
  rateLimitPerMinute: number;
  /**
   * Failed authentications (missing, invalid or disabled key) per source address in any minute;
   * past it the address is refused (429) before any key lookup, until the window slides.
   */
  unauthenticatedRateLimitPerMinute: number;
  /**
   * The OIDC issuer of user access tokens (a Cognito user pool on AWS, the platform's own local
   * issuer under `npm start`) and the app client its tokens must be issued to.
   */
  userPoolIssuer?: string;
  userPoolClientId?: string;
  /**
   * Notifications (core/notifications): the address emails come from (an SES identity of the stack), the SES
   * configuration set whose events report bounces and complaints, and the SMS origination identity and
   * configuration set of AWS End User Messaging; locally the emulators take any.
   */
  notifications: {
    fromEmail: string;
    /**
     * The platform's operations desk: told of integration requests to submit to their provider and of bank
     * account approvals awaiting review.
     */
    operationsEmail: string;
    emailConfigurationSet?: string;
    smsOriginationIdentity?: string;
    smsConfigurationSet?: string;
  };
}

let cached: RuntimeConfig | undefined;

export function config(): RuntimeConfig {
  if (!cached) {
    const env = process.env;
    cached = {
      tableName: env.TABLE_NAME ?? 'payments',
      assetPrefix: env.ASSET_PREFIX ?? 'svc',
      pageKeySecret: env.PAGE_KEY_SECRET,
      pageKeySecretArn: env.PAGE_KEY_SECRET_ARN,
      drawKeySecret: env.DRAW_KEY_SECRET,
      drawKeySecretArn: env.DRAW_KEY_SECRET_ARN,
      webhookSigningKeys: env.WEBHOOK_SIGNING_KEYS,
      webhookSigningKeysSecretArn: env.WEBHOOK_SIGNING_KEYS_SECRET_ARN,
      appBaseUrl: env.APP_BASE_URL ?? 'https://app.example.com',
      stage: env.STAGE ?? 'local',
      rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 200),
      unauthenticatedRateLimitPerMinute: Number(env.UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE ?? 60),
      userPoolIssuer: env.USER_POOL_ISSUER,
      userPoolClientId: env.USER_POOL_CLIENT_ID,
      notifications: {
        fromEmail: env.NOTIFICATIONS_FROM_EMAIL ?? 'notifications@payments.example.com',
        operationsEmail: env.OPERATIONS_EMAIL ?? 'operations@payments.example.com',
        emailConfigurationSet: env.SES_CONFIGURATION_SET,
        smsOriginationIdentity: env.SMS_ORIGINATION_IDENTITY,
        smsConfigurationSet: env.SMS_CONFIGURATION_SET,
      },
    };
  }
  return cached;
}
