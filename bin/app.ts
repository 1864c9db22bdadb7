/** The CDK app: `npx cdk synth` works offline with no AWS credentials (no lookups). */
import { App } from 'aws-cdk-lib';
import { PaymentsStack } from '../lib/payments-stack';
import type { TableCapacity } from '../lib/constructs/data';

/** A context value given as JSON on the command line (`-c name='{…}'`) or as an object in cdk.json. */
function jsonContext<T>(app: App, name: string): T | undefined {
  const value: unknown = app.node.tryGetContext(name);
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T | undefined);
}

const app = new App();
new PaymentsStack(app, 'PaymentsPlatform', {
  assetPrefix: app.node.tryGetContext('assetPrefix'),
  appBaseUrl: app.node.tryGetContext('appBaseUrl'),
  stage: app.node.tryGetContext('stage'),
  tableCapacity: jsonContext<TableCapacity>(app, 'tableCapacity'),
});
