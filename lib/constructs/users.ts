import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface UsersProps {
  /** Where the app's OIDC code flow returns (the pay pages' origin): `<appBaseUrl>/oidc-callback`. */
  appBaseUrl: string;
}

/**
 * The user pool users sign in to (OIDC authorization code flow with PKCE): it issues the access
 * tokens the functions verify (functions/core/auth/user-token.ts) against its JWKS, issuer and app
 * client. Strong passwords, MFA required (TOTP: no SMS role, no SIM-swap exposure), the Plus plan's
 * threat protection enforced, accounts recovered by verified email only, retained with its users.
 */
export class PaymentsUsers extends Construct {
  readonly userPool: cognito.UserPool;
  readonly appClient: cognito.UserPoolClient;
  /** The `iss` of the pool's tokens, whose `/.well-known/jwks.json` publishes its keys. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: UsersProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.appClient = this.userPool.addClient('AppClient', {
      // A public client: browsers and mobile apps hold no secret; PKCE protects the code.
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [`${props.appBaseUrl}/oidc-callback`],
      },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(60),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
    this.issuer = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }

  /** What the functions verify user access tokens against. */
  get environment(): Record<string, string> {
    return { USER_POOL_ISSUER: this.issuer, USER_POOL_CLIENT_ID: this.appClient.userPoolClientId };
  }
}
