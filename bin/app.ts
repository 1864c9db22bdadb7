/** The CDK app: `npx cdk synth` works offline with no AWS credentials (no lookups). */
import { App } from 'aws-cdk-lib';
import { PaymentsStack } from '../lib/payments-stack';

const app = new App();
new PaymentsStack(app, 'PaymentsPlatform', {
  assetPrefix: app.node.tryGetContext('assetPrefix'),
  appBaseUrl: app.node.tryGetContext('appBaseUrl'),
  stage: app.node.tryGetContext('stage'),
});
