/**
 * What authorization reads of integrations: whether a merchant lets an account serve it. A port,
 * because core imports no group: the integration-requests group owns the records (an active
 * integration request naming the account) and implements it; each group's Lambda entry passes that
 * implementation in (functions/lambda/group-lambda.ts), as it does the account directory.
 */
export interface IntegrationDirectory {
  /** Whether the merchant has an active integration naming the account; one consistent read. */
  servesMerchant(accountId: string, merchantId: string): Promise<boolean>;
}
