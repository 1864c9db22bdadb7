/**
 * Stacks of a bundled function in terms of our sources, mapped only when an error is logged.
 * `--enable-source-maps` would do it for every stack, at the price of parsing the bundle's map at
 * start (about 7 ms of each cold start) and of mapping every stack read; an error logged here is rare.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/**
 * This module's own file: the bundle (index.js) in a function, a source file when run from sources (no map beside it).
 */
const BUNDLE = __filename;

let map: SourceMap | null | undefined;

function bundleMap(): SourceMap | null {
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')));
    } catch {
      // No map beside this file (the sources), or one that cannot be read: stacks stay as they are.
      map = null;
    }
  }
  return map;
}

/**
 * A source as the map names it (relative to the folder the bundle was built into, which may be
 * anywhere), from the project's own top folder on: a dependency from its last `node_modules/`, our
 * code from the last of our top folders in the path (the clone's own path may hold such names too).
 */
export function shortSource(source: string): string {
  const path = source.replace(/^(\.\.\/)+/, '');
  const dependency = path.lastIndexOf('node_modules/');
  if (dependency >= 0) return path.slice(dependency);
  const ours = [...path.matchAll(/(?:^|\/)(?=(?:functions|schemas|test|bin|lib)\/)/g)].pop();
  return ours ? path.slice(ours.index + ours[0].length) : path;
}

interface Frame {
  line: string;
  /** The function the runtime names (minified in a bundle). */
  name?: string;
  /** Zero-based position in the bundle, when the frame is in it. */
  at?: { line: number; column: number };
}

const FRAME = /^\s*at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * The stack with each frame in the bundle rewritten to its source file, line and column, and its
 * function named as the source names it (the caller's call site carries the callee's original name).
 * Frames elsewhere (the runtime, the layer, the AWS SDK) and stacks of unbundled code are returned as they are.
 */
export function mappedStack(stack: string | undefined): string | undefined {
  if (!stack?.includes(BUNDLE)) return stack;
  const sourceMap = bundleMap();
  if (!sourceMap) return stack;
  const frames: Frame[] = stack.split('\n').map((line) => {
    const match = FRAME.exec(line);
    return match && match[2] === BUNDLE
      ? { line, name: match[1], at: { line: Number(match[3]) - 1, column: Number(match[4]) - 1 } }
      : { line };
  });
  return frames
    .map((frame, i) => {
      if (!frame.at) return frame.line;
      const entry = sourceMap.findEntry(frame.at.line, frame.at.column);
      if (!('originalSource' in entry)) return frame.line;
      const caller = frames[i + 1]?.at;
      const callSite = caller ? sourceMap.findEntry(caller.line, caller.column) : undefined;
      const name = (callSite as { name?: string } | undefined)?.name || frame.name;
      const location = `${shortSource(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      return `    at ${name ? `${name} (${location})` : location}`;
    })
    .join('\n');
}

/** The error (and its causes) with stacks mapped to our sources; the error itself when nothing maps. */
export function withSourceStack<E>(error: E): E {
  if (!(error instanceof Error)) return error;
  const stack = mappedStack(error.stack);
  const cause = withSourceStack(error.cause);
  if (stack === error.stack && cause === error.cause) return error;
  const copy = Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error)) as Error;
  Object.defineProperty(copy, 'stack', { value: stack, writable: true, configurable: true });
  if ('cause' in error) Object.defineProperty(copy, 'cause', { value: cause, writable: true, configurable: true });
  return copy as E;
}
