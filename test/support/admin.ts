import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Json } from './api';

/**
 * `npm run admin -- <args>` against a table of the test platform's DynamoDB Local (its own unless named), as an
 * operator runs it: the exit code, the JSON answer and what it wrote to stderr.
 */
export async function runAdmin(
  args: readonly string[],
  table = process.env.TABLE_NAME!,
): Promise<{ code: number; out: Json; stderr: string }> {
  const root = join(__dirname, '..', '..');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      join(root, 'node_modules', '.bin', 'tsx'),
      [
        join(root, 'bin', 'admin.ts'),
        ...args,
        '--endpoint',
        process.env.AWS_ENDPOINT_URL_DYNAMODB!,
        '--table',
        table,
        '--json',
      ],
      { cwd: root, env: process.env },
    );
    return { code: 0, out: JSON.parse(stdout), stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout ? JSON.parse(e.stdout) : undefined, stderr: e.stderr };
  }
}

/** The JSON answer of an admin command that must succeed. */
export async function adminJson<T>(...args: string[]): Promise<T> {
  const { code, out, stderr } = await runAdmin(args);
  if (code !== 0) throw new Error(`admin ${args.join(' ')}: ${stderr}`);
  return out as T;
}

/** What an index migration answers: entries it moved, and those an earlier or concurrent run had moved. */
export type Migrated = { moved: number; alreadyMoved: number };
