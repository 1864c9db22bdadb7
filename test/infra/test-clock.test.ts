import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PaymentsStack } from '../../lib/payments-stack';

/**
 * The platform-wide clock is the local platform's only: no deployed function may honour it
 * (functions/core/test-clock/platform-clock.ts reads it only where LOCAL_TEST_CLOCK=1).
 */
it('sets LOCAL_TEST_CLOCK on no function of the deployed stack', () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const template = Template.fromStack(new PaymentsStack(app, 'PaymentsPlatform'));
  const functions = Object.values(template.findResources('AWS::Lambda::Function')) as {
    Properties: { Environment?: { Variables?: Record<string, unknown> } };
  }[];
  expect(functions.length).toBeGreaterThan(0);
  for (const fn of functions)
    expect(Object.keys(fn.Properties.Environment?.Variables ?? {})).not.toContain('LOCAL_TEST_CLOCK');
});
