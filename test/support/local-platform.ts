import type { ChildProcess } from 'node:child_process';

/** Resolves once a spawned `npm start` (bin/local.ts) says it listens; rejects with its output if it never does. */
export function untilListening(child: ChildProcess, timeoutMs: number): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`platform did not start:\n${output}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Platform listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`platform exited:\n${output}`)));
  });
}
