/**
 * What in a file of the repository points outside it (issue 18): a lone clone must run, test and
 * read without the team's shared folder beside it or the machine it was written on. Used by
 * scripts/lone-clone.test.ts on every tracked file of a fresh clone.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** One reference that leaves the repository, or a Markdown link that leads nowhere. */
export interface OutsideReference {
  /** Path of the file relative to the repository root, with forward slashes. */
  file: string;
  line: number;
  /** The text found, e.g. a relative path climbing out of the repository. */
  text: string;
  why: string;
}

// Written in pieces so that this file does not name what it looks for (the clone test reads it).
const SHARED = '..' + '/shared';
const MACHINE_ROOT = `/${'work'}/`;

/** A relative path that climbs: `../x`, `../../x/y.md`. */
const CLIMBING_PATH = /(?<![\w./-])((?:\.\.\/)+[^\s'"`()[\]{}<>,;*|]*)/g;
/** The same climb written for path.join: a '..' argument, then a 'shared' one. */
const JOINED_SHARED = /['"]\.\.['"]\s*,\s*['"]shared['"]/g;
const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

const inside = (root: string, path: string) => path === root || path.startsWith(root + sep);

function existsInside(root: string, path: string): boolean {
  return inside(root, path) && SOURCE_EXTENSIONS.some((extension) => existsSync(path + extension));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * Paths in any text file that lead outside `root`: a relative path that climbs out of it from
 * the file's folder, or names the shared folder, and names nothing the repository holds (a path
 * written from elsewhere, `join(outFile, '../../../package.json')` or a comment's
 * `../../test/fixtures/x`, is fine when its target is in the repository); the same climb written
 * for path.join; and the machine's own absolute working folder.
 */
export function outsidePaths(root: string, file: string, text: string): OutsideReference[] {
  const found: OutsideReference[] = [];
  const folder = dirname(join(root, file));
  for (const match of text.matchAll(CLIMBING_PATH)) {
    const token = match[1]!.replace(/[.:]+$/, '');
    const target = resolve(folder, token);
    const fromRoot = join(root, token.replace(/^(\.\.\/)+/, ''));
    if (existsInside(root, target) || existsInside(root, fromRoot)) continue;
    const line = lineOf(text, match.index);
    if (!inside(root, target)) {
      found.push({ file, line, text: token, why: 'climbs out of the repository' });
    } else if (token.includes(SHARED)) {
      found.push({ file, line, text: token, why: 'names the shared folder beside the repository' });
    }
  }
  for (const match of text.matchAll(JOINED_SHARED)) {
    found.push({
      file,
      line: lineOf(text, match.index),
      text: match[0],
      why: 'joins a path to the shared folder beside the repository',
    });
  }
  let at = text.indexOf(MACHINE_ROOT);
  while (at !== -1) {
    found.push({
      file,
      line: lineOf(text, at),
      text: text.slice(at, at + 40).split(/[\s'"`)]/)[0]!,
      why: 'an absolute path of the machine it was written on',
    });
    at = text.indexOf(MACHINE_ROOT, at + 1);
  }
  return found;
}

/** Markdown without its fenced blocks and inline code, where brackets are not links. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

const INLINE_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_LINK = /^\s{0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm;

/** Every relative link of a Markdown file that does not lead to a file or folder inside `root`. */
export function brokenMarkdownLinks(
  root: string,
  file: string,
  markdown: string,
): OutsideReference[] {
  const prose = proseOf(markdown);
  const folder = dirname(join(root, file));
  const found: OutsideReference[] = [];
  for (const match of [...prose.matchAll(INLINE_LINK), ...prose.matchAll(REFERENCE_LINK)]) {
    const link = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#')) continue;
    const path = decodeURIComponent(link.replace(/[#?].*$/, ''));
    const target = isAbsolute(path) ? join(root, path) : resolve(folder, path);
    const line = lineOf(markdown, match.index);
    if (!inside(root, target)) {
      found.push({ file, line, text: link, why: 'links outside the repository' });
    } else if (!existsSync(target)) {
      found.push({ file, line, text: link, why: `links to ${relative(root, target)}, not in it` });
    }
  }
  return found;
}
