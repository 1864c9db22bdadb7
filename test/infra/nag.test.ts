import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { nagAcknowledgements } from '../../lib/constructs/nag-acknowledgements';
import { PaymentsStack } from '../../lib/payments-stack';
import type { PaymentsData } from '../../lib/constructs/data';

/** The table on demand (the default), and on provisioned capacity with auto scaling (a deployment's choice). */
const BILLINGS = [
  ['on demand', {}],
  [
    'provisioned',
    { tableCapacity: { read: { min: 5, max: 500 }, write: { min: 5, max: 500 }, targetUtilizationPercent: 70 } },
  ],
] as const;

describe('cdk-nag AwsSolutions', () => {
  it.each(BILLINGS)('leaves no finding unacknowledged, errors and warnings alike (table %s)', (_, props) => {
    const outdir = mkdtempSync(join(tmpdir(), 'nag-'));
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    new PaymentsStack(app, 'PaymentsPlatform', props);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    let failure = '';
    try {
      app.synth();
    } catch (error) {
      failure = String(error);
    }
    const report = join(outdir, 'validation-report.json');
    const violations = existsSync(report) ? JSON.stringify(JSON.parse(readFileSync(report, 'utf8'))) : '';
    expect(failure).toBe('');
    expect(violations).not.toMatch(/"violatingResources":\[\{/);
  });

  it('gives every acknowledgement a reason', () => {
    const stack = new PaymentsStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'PaymentsPlatform');
    const data = stack.node.findChild('Data') as PaymentsData;
    const acknowledgements = nagAcknowledgements(stack, data);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect(id).toMatch(/^AwsSolutions-/);
      expect(reason.length).toBeGreaterThanOrEqual(40);
    }
  });
});
