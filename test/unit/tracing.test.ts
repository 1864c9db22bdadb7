import { createSocket } from 'node:dgram';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/**
 * X-Ray tracing as Lambda runs it with active tracing (functions/core/tracing.ts): a group's handler invoked in this
 * process with the environment Lambda gives it (the daemon's address, each request's trace header), a stand-in
 * X-Ray daemon on UDP reading what it is sent, and a stand-in DynamoDB answering every call with an empty result (the
 * API key is not found: 401).
 */
interface Document {
  id: string;
  name: string;
  trace_id: string;
  parent_id: string;
  type: string;
  start_time: number;
  end_time: number;
  namespace?: string;
  annotations?: Record<string, unknown>;
  aws?: Record<string, unknown>;
  http?: { response: { status: number } };
  error?: boolean;
  fault?: boolean;
  cause?: { exceptions: { message: string; type: string; remote: boolean; stack: { path: string }[] }[] };
}

const ROOT = '1-5759e988-bd862e3fe1be46a994272793';
const traceHeader = (parent: string, sampled: 0 | 1) => `Root=${ROOT};Parent=${parent};Sampled=${sampled}`;

function event(requestId: string): APIGatewayProxyEventV2 {
  const path = '/api/accounts/acc1';
  return {
    version: '2.0',
    routeKey: 'GET /api/accounts/{accountId}',
    rawPath: path,
    rawQueryString: '',
    headers: { 'x-api-key': 'b'.repeat(43) },
    pathParameters: { accountId: 'acc1' },
    isBase64Encoded: false,
    requestContext: {
      requestId,
      routeKey: 'GET /api/accounts/{accountId}',
      timeEpoch: Date.now(),
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    },
  } as unknown as APIGatewayProxyEventV2;
}

const context = (requestId: string) =>
  ({
    functionName: 'group-accounts',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:group-accounts',
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    getRemainingTimeInMillis: () => 3000,
  }) as unknown as Context;

describe('X-Ray tracing on AWS (core/tracing.ts)', () => {
  const env = { ...process.env };
  const daemon = createSocket('udp4');
  const received: string[] = [];
  const dynamoHeaders: IncomingHttpHeaders[] = [];
  const dynamodb = createServer((req, res) => {
    dynamoHeaders.push(req.headers);
    req.resume().on('end', () => {
      res.setHeader('content-type', 'application/x-amz-json-1.0');
      res.setHeader('x-amzn-requestid', `ddb-${dynamoHeaders.length}`);
      res.end('{}');
    });
  });

  beforeAll(async () => {
    daemon.on('message', (message) => received.push(message.toString('utf8')));
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => dynamodb.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    process.env = env;
    daemon.close();
    await new Promise((resolve) => dynamodb.close(resolve));
  });

  /** The environment Lambda gives function `name` with active tracing, and `extra`. */
  function lambdaEnvironment(name: string, extra: Record<string, string>): void {
    process.env = {
      ...env,
      AWS_LAMBDA_FUNCTION_NAME: name,
      _HANDLER: 'index.handler',
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Not the local platform's stage, which a full run's global setup leaves in the environment: traced only on AWS.
      STAGE: 'prod',
      ...extra,
    };
  }

  /**
   * The documents the daemon has been sent, once there are `count` of them or 20 s have passed (each after
   * the protocol's header).
   */
  async function documents(count: number): Promise<Document[]> {
    const deadline = Date.now() + 20_000;
    while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    return received.map((message) => {
      const [header, body] = [message.slice(0, message.indexOf('\n')), message.slice(message.indexOf('\n') + 1)];
      expect(JSON.parse(header)).toEqual({ format: 'json', version: 1 });
      return JSON.parse(body) as Document;
    });
  }

  it(
    "sends each sampled invocation's handler subsegment and its DynamoDB calls' subsegments as its children, the " +
      'trace handed on to DynamoDB; nothing when the request is not sampled; an error as an exception',
    async () => {
      lambdaEnvironment('group-accounts', {
        AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(dynamodb.address() as AddressInfo).port}`,
        TABLE_NAME: 'payments',
      });
      await jest.isolateModulesAsync(async () => {
        const { handler } = (await import('../../functions/lambda/accounts')) as unknown as {
          handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
        };
        const { observedConsumer } = await import('../../functions/core/consumer');

        process.env._X_AMZN_TRACE_ID = traceHeader('53995c3f42cd8ad8', 1);
        expect((await handler(event('r-1'), context('r-1'))).statusCode).toBe(401);
        const calls = dynamoHeaders.length;
        const sent = await documents(calls + 1);
        const [handlerSegment] = sent.filter((d) => d.name === '## index.handler');
        expect(handlerSegment).toMatchObject({
          type: 'subsegment',
          trace_id: ROOT,
          parent_id: '53995c3f42cd8ad8',
          annotations: { ColdStart: true, Service: 'payments-platform' },
        });
        expect(handlerSegment.id).toMatch(/^[0-9a-f]{16}$/);
        expect(handlerSegment.end_time).toBeGreaterThanOrEqual(handlerSegment.start_time);
        // Never the response.
        expect(JSON.stringify(handlerSegment)).not.toContain('UNAUTHORIZED');
        const sdkCalls = sent.filter((d) => d !== handlerSegment);
        expect(sdkCalls).toHaveLength(calls);
        for (const call of sdkCalls) {
          expect(call).toMatchObject({
            name: 'DynamoDB',
            namespace: 'aws',
            type: 'subsegment',
            trace_id: ROOT,
            parent_id: handlerSegment.id,
            aws: { region: 'us-east-1', retries: 0, request_id: expect.stringMatching(/^ddb-\d+$/) },
            http: { response: { status: 200 } },
          });
          expect(call.start_time).toBeGreaterThanOrEqual(handlerSegment.start_time);
          expect(call.end_time).toBeLessThanOrEqual(handlerSegment.end_time);
        }
        // The authentication's read of the key by its hash, in the platform's table.
        expect(sdkCalls.map((call) => call.aws)).toContainEqual(
          expect.objectContaining({ operation: 'GetItem', table_name: 'payments' }),
        );
        // Each call's trace header names its own subsegment as the parent, as the X-Ray SDK hands it on.
        expect(dynamoHeaders.map((h) => h['x-amzn-trace-id']).sort()).toEqual(
          sdkCalls.map((call) => traceHeader(call.id, 1)).sort(),
        );

        // Not sampled: DynamoDB is told so, the daemon is sent nothing (the failing consumer's document below, sent
        // after it on the same socket, is the first the daemon reads).
        received.length = 0;
        const sampledCalls = dynamoHeaders.length;
        process.env._X_AMZN_TRACE_ID = traceHeader('1111111111111111', 0);
        expect((await handler(event('r-0'), context('r-0'))).statusCode).toBe(401);
        expect(dynamoHeaders.length).toBeGreaterThan(sampledCalls);
        expect(dynamoHeaders.slice(sampledCalls).map((h) => h['x-amzn-trace-id'])).toEqual(
          Array(dynamoHeaders.length - sampledCalls).fill(traceHeader('1111111111111111', 0)),
        );

        // A consumer's failure: its subsegment carries the error as an exception (a fault), not a cold start.
        process.env._X_AMZN_TRACE_ID = traceHeader('2222222222222222', 1);
        const failing = observedConsumer(async () => {
          throw new Error('settlement run failed');
        });
        await expect(failing({}, context('r-2'))).rejects.toThrow('settlement run failed');
        const [failed] = await documents(1);
        expect(failed).toMatchObject({
          name: '## index.handler',
          parent_id: '2222222222222222',
          fault: true,
          annotations: { ColdStart: false },
          cause: { exceptions: [{ message: 'settlement run failed', type: 'Error', remote: false }] },
        });
        expect(failed.cause!.exceptions[0].stack[0].path).toMatch(/tracing\.test\.ts$/);
      });
    },
  );

  it("records an S3 call made without the SDK's client as the SDK's calls, an error answer as an error", async () => {
    const s3Headers: IncomingHttpHeaders[] = [];
    const s3 = createServer((req, res) => {
      s3Headers.push(req.headers);
      req.resume().on('end', () => {
        res.setHeader('x-amz-request-id', `s3-${s3Headers.length}`);
        if (req.url?.startsWith('/media/missing')) {
          res.statusCode = 403;
          res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
        } else res.end('bytes');
      });
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    try {
      lambdaEnvironment('group-media-uploads', {
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
      });
      await jest.isolateModulesAsync(async () => {
        const { observedConsumer } = await import('../../functions/core/consumer');
        const { ObjectStore } = await import('../../functions/core/object-store');
        const store = new ObjectStore(() => 'media');
        received.length = 0;
        process.env._X_AMZN_TRACE_ID = traceHeader('3333333333333333', 1);
        const reading = observedConsumer(async () => {
          expect(await store.get('upload/1')).toEqual(Buffer.from('bytes'));
          await store.get('missing/1');
        });
        await expect(reading({}, context('r-3'))).rejects.toMatchObject({ name: 'AccessDenied' });
        const sent = await documents(3);
        expect(sent.map((d) => d.name).sort()).toEqual(['## index.handler', 'S3', 'S3']);
        const [handlerSegment] = sent.filter((d) => d.name === '## index.handler');
        const [read, denied] = sent.filter((d) => d.name === 'S3');
        const common = { namespace: 'aws', type: 'subsegment', trace_id: ROOT, parent_id: handlerSegment.id };
        expect(read).toMatchObject({
          ...common,
          aws: { operation: 'GetObject', region: 'us-east-1', bucket_name: 'media', request_id: 's3-1', retries: 0 },
          http: { response: { status: 200 } },
        });
        expect(denied).toMatchObject({
          ...common,
          error: true,
          aws: { operation: 'GetObject', request_id: 's3-2' },
          http: { response: { status: 403 } },
          cause: { exceptions: [{ type: 'AccessDenied', message: 'Access Denied', remote: true }] },
        });
        expect(s3Headers.map((h) => h['x-amzn-trace-id'])).toEqual([read, denied].map((d) => traceHeader(d.id, 1)));
      });
    } finally {
      await new Promise((resolve) => s3.close(resolve));
    }
  });
});
