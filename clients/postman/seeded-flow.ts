/**
 * The collection's own folder: the seeded flow of the README (create a payment request, pay it from the seeded
 * wallet, read it, refund it), with a test script on each step. The generator (./generate.ts) appends it to what
 * openapi-to-postmanv2 makes of the OpenAPI document, so regenerating keeps it. Edit it here, never in the
 * generated collection.
 *
 * Its requests inherit the collection's API key auth (`{{apiKey}}`); the ids a step learns travel to the next in
 * collection variables.
 */

export const SEEDED_FLOW_FOLDER = 'Seeded flow';

/**
 * What the flow needs from the environment besides the generated collection's `baseUrl` and `apiKey` (the merchant's
 * key), and where the seed of `npm start` has it: its demo account is both merchant and payer.
 */
export const FLOW_VARIABLES = {
  configId: 'a merchant config of the apiKey account accepting svc.nzd.test (the seed: configId)',
  payerApiKey: 'the key of the account that pays (the seed: apiKey again)',
  walletAssetId: 'a funded svc.nzd.test wallet of the payer (the seed: testWalletAssetId)',
} as const;

/** Environment variables holding a secret. */
export const SECRET_VARIABLES: readonly string[] = ['apiKey', 'payerApiKey'];

/** The amount the flow requests, pays and refunds, in cents. */
const AMOUNT = '1250';

interface Step {
  name: string;
  method: 'GET' | 'POST';
  path: string[];
  body?: Record<string, unknown>;
  test: string[];
  prerequest?: string[];
  /** The variable holding the step's API key, when not the collection's `apiKey`. */
  keyVariable?: string;
}

const STEPS: Step[] = [
  {
    name: 'Create a payment request',
    method: 'POST',
    path: ['api', 'payment-requests'],
    body: { configId: '{{configId}}', value: { currency: 'NZD', amount: AMOUNT } },
    test: [
      "pm.test('is created, new and unpaid', () => {",
      '  pm.response.to.have.status(200);',
      '  const body = pm.response.json();',
      "  pm.expect(body.status).to.equal('new');",
      `  pm.expect(body.remainingAmount).to.equal('${AMOUNT}');`,
      "  pm.expect(body.configId).to.equal(pm.variables.get('configId'));",
      "  pm.collectionVariables.set('paymentRequestId', body.id);",
      '});',
    ],
  },
  {
    name: 'Pay it from the wallet',
    method: 'POST',
    path: ['api', 'payment-requests', '{{paymentRequestId}}', 'pay'],
    keyVariable: 'payerApiKey',
    body: { assetType: 'svc.nzd.test', assetId: '{{walletAssetId}}', idempotencyKey: '{{payIdempotencyKey}}' },
    // One key per payment request: a rerun of this step pays once, a new run pays its own request.
    prerequest: [
      "pm.collectionVariables.set('payIdempotencyKey', 'postman-' + pm.collectionVariables.get('paymentRequestId'));",
    ],
    test: [
      "pm.test('pays the whole amount from the wallet', () => {",
      '  pm.response.to.have.status(200);',
      '  const body = pm.response.json();',
      "  pm.expect(body.type).to.equal('payment');",
      `  pm.expect(body.value).to.eql({ currency: 'NZD', amount: '${AMOUNT}' });`,
      "  pm.expect(body.paymentRequestId).to.equal(pm.collectionVariables.get('paymentRequestId'));",
      '});',
    ],
  },
  {
    name: 'Read it: paid',
    method: 'GET',
    path: ['api', 'payment-requests', '{{paymentRequestId}}'],
    test: [
      "pm.test('is paid in full', () => {",
      '  pm.response.to.have.status(200);',
      '  const body = pm.response.json();',
      "  pm.expect(body.id).to.equal(pm.collectionVariables.get('paymentRequestId'));",
      "  pm.expect(body.status).to.equal('paid');",
      "  pm.expect(body.remainingAmount).to.equal('0');",
      '});',
    ],
  },
  {
    name: 'Refund it',
    method: 'POST',
    path: ['api', 'payment-requests', '{{paymentRequestId}}', 'refund'],
    // The external reference makes the refund idempotent: a rerun of this step refunds once.
    body: { value: { currency: 'NZD', amount: AMOUNT }, externalRef: 'postman-refund-{{paymentRequestId}}' },
    test: [
      "pm.test('refunds the whole amount', () => {",
      '  pm.response.to.have.status(200);',
      '  const body = pm.response.json();',
      "  pm.expect(body.type).to.equal('refund');",
      `  pm.expect(body.value).to.eql({ currency: 'NZD', amount: '${AMOUNT}' });`,
      "  pm.collectionVariables.set('refundId', body.id);",
      '});',
    ],
  },
];

const script = (listen: 'test' | 'prerequest', exec: string[]) => ({
  listen,
  script: { type: 'text/javascript', exec },
});

/** Postman's API key auth: the named variable's value in the x-api-key header. */
const apiKeyAuth = (variable: string) => ({
  type: 'apikey',
  apikey: [
    { key: 'key', value: 'x-api-key', type: 'string' },
    { key: 'value', value: `{{${variable}}}`, type: 'string' },
    { key: 'in', value: 'header', type: 'string' },
  ],
});

/** The folder as a Postman collection (v2.1) item. */
export function seededFlowFolder() {
  return {
    name: SEEDED_FLOW_FOLDER,
    description: [
      'The seeded flow, with assertions: create a payment request, pay it, read it (paid), refund it.',
      'Needs the environment variables baseUrl, apiKey (the merchant) and:',
      ...Object.entries(FLOW_VARIABLES).map(([key, what]) => `- ${key}: ${what}`),
    ].join('\n'),
    item: STEPS.map((step) => ({
      name: step.name,
      event: [...(step.prerequest ? [script('prerequest', step.prerequest)] : []), script('test', step.test)],
      request: {
        method: step.method,
        url: { raw: `{{baseUrl}}/${step.path.join('/')}`, host: ['{{baseUrl}}'], path: step.path },
        header: step.body ? [{ key: 'Content-Type', value: 'application/json' }] : [],
        ...(step.keyVariable ? { auth: apiKeyAuth(step.keyVariable) } : {}),
        ...(step.body ? { body: { mode: 'raw', raw: JSON.stringify(step.body, null, 2) } } : {}),
      },
    })),
  };
}
