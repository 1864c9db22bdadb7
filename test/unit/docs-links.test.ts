import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** README.md and every Markdown file under docs/: the documents a cloner reads. */
function documents(): string[] {
  const found = [join(ROOT, 'README.md')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return found;
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link and image targets: `[text](target)` and `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** GitHub's anchors for a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** What is wrong with one document's relative links: a missing file, or a missing heading anchor. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check offline
    const [path, anchor] = target.split('#', 2);
    const to = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)} → ${target}`;
    if (!existsSync(to)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (
      anchor !== undefined &&
      to.endsWith('.md') &&
      statSync(to).isFile() &&
      !anchors(readFileSync(to, 'utf8')).has(anchor.toLowerCase())
    ) {
      problems.push(`${where}: no heading with that anchor in ${relative(ROOT, to)}`);
    }
  }
  return problems;
}

// The reference documents the platform was first built from live outside the repository: a cloner cannot follow a
// mention of them. Built from parts so that this file does not mention them itself.
const OUTSIDE = new RegExp(`\\b(?:${['SPEC', 'API-REFERENCE', 'API-DETAIL', 'ARCHITECTURE'].join('|')})\\.md\\b`);

describe('docs links', () => {
  it('finds anchors as GitHub makes them', () => {
    expect([
      ...anchors(
        '# A `code` (thing)\n## Ids, timestamps and money\n## Ids, timestamps and money\n```\n# not a heading\n```\n',
      ),
    ]).toEqual(['a-code-thing', 'ids-timestamps-and-money', 'ids-timestamps-and-money-1']);
    expect(linkTargets('[a](b.md#c) `[x](y.md)` ![i](../p.png "t") [w](https://e.com)')).toEqual([
      'b.md#c',
      '../p.png',
      'https://e.com',
    ]);
  });

  it('README.md and docs/ link only to files and headings that exist', () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(10);
    expect(docs.flatMap(brokenLinks)).toEqual([]);
  });

  it('the README links every docs page', () => {
    const readme = new Set(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((t) => t.split('#')[0]));
    const pages = documents()
      .slice(1)
      .map((f) => relative(ROOT, f));
    expect(pages.filter((p) => !readme.has(p))).toEqual([]);
  });

  it('no file of the repository mentions a document that is not in it', () => {
    const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(listed.status).toBe(0);
    const files = listed.stdout
      .split('\0')
      .filter((f) => f !== '' && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
    expect(files.length).toBeGreaterThan(100);
    const mentioning = files.filter((f) => {
      const bytes = readFileSync(join(ROOT, f));
      return !bytes.subarray(0, 8000).includes(0) && OUTSIDE.test(bytes.toString('utf8'));
    });
    expect(mentioning).toEqual([]);
  });
});
