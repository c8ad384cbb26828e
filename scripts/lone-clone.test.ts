/**
 * A newcomer's clone stands alone (issue 18): the repository is cloned with git into an empty
 * temporary folder, as a newcomer would, and no tracked file of the clone may point outside it.
 * No test, script, source file, configuration or document names the team's shared folder beside
 * the repository or the machine it was written on, and every relative Markdown link of every
 * .md file leads to a file inside the clone. Only committed files are in a clone, so this checks
 * what others get, not the working tree. SWAPDESK_REPO_ROOT picks another repository to clone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brokenMarkdownLinks,
  outsidePaths,
  type OutsideReference,
} from '../test/harness/outside-references';
import { tempDir } from '../test/fixtures/temp-dirs';

const repoRoot = process.env.SWAPDESK_REPO_ROOT ?? join(fileURLToPath(import.meta.url), '..', '..');

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const shown = (found: OutsideReference[]) =>
  found.map(({ file, line, text, why }) => `${file}:${line}: ${text} (${why})`);

// Written in pieces so that this file, which the clone test reads too, does not name what it
// looks for.
const SHARED = '..' + '/shared';
const JOINED = ["'..'", "'shared'"].join(', ');
const MACHINE_ROOT = ['', 'work', ''].join('/');

describe('a lone clone of the repository', () => {
  let clone = '';
  let files: { path: string; text: string }[] = [];

  beforeAll(() => {
    clone = join(tempDir('swapdesk-clone-'), 'swapdesk');
    git(repoRoot, 'clone', '--quiet', '--no-hardlinks', repoRoot, clone);
    files = git(clone, 'ls-files', '-z')
      .split('\0')
      .filter(Boolean)
      .map((path) => ({ path, bytes: readFileSync(join(clone, path)) }))
      // Binary files (the sandbox's program binaries) hold no paths a person wrote.
      .filter(({ bytes }) => !bytes.includes(0))
      .map(({ path, bytes }) => ({ path, text: bytes.toString('utf8') }));
  }, 60_000);

  it('holds the project: sources, tests, scripts, configuration and docs', () => {
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'docs/ARCHITECTURE.md',
        'main/index.ts',
        'preload/contract/index.ts',
        'scripts/test.mjs',
        'test/fixtures/real-world.ts',
        'test/fixtures/real-world/README.md',
      ]),
    );
    expect(paths.filter((path) => path.endsWith('.md')).length).toBeGreaterThan(5);
  });

  it('has no file that names a path outside it', () => {
    const found = files.flatMap(({ path, text }) => outsidePaths(clone, path, text));
    expect(shown(found), 'copy what is needed into the project, with its source named').toEqual([]);
  });

  it('has no Markdown link that leads outside it or to a missing file', () => {
    const found = files
      .filter(({ path }) => path.endsWith('.md'))
      .flatMap(({ path, text }) => brokenMarkdownLinks(clone, path, text));
    expect(shown(found)).toEqual([]);
  });
});

describe('what counts as pointing outside', () => {
  const root = join(fileURLToPath(import.meta.url), '..', '..');

  it('a climb out of the repository, the shared folder, a path.join to it, the machine path', () => {
    const text = [
      `See \`${SHARED}/ARCHITECTURE.md\` for the design.`,
      `const dir = join(repoRoot, ${JOINED}, 'real-world');`,
      `const file = '${MACHINE_ROOT}main/README.md';`,
    ].join('\n');
    expect(shown(outsidePaths(root, 'README.md', text))).toEqual([
      `README.md:1: ${SHARED}/ARCHITECTURE.md (climbs out of the repository)`,
      `README.md:2: ${JOINED} (joins a path to the shared folder beside the repository)`,
      `README.md:3: ${MACHINE_ROOT}main/README.md (an absolute path of the machine it was written on)`,
    ]);
  });

  it('a comment naming the shared folder from a deeper file, where no such file exists', () => {
    const text = ` * verbatim from ${SHARED}/real-world/jupiter/swap/order.json (docs)`;
    expect(shown(outsidePaths(root, 'main/review/x.test.ts', text))).toEqual([
      `main/review/x.test.ts:1: ${SHARED}/real-world/jupiter/swap/order.json (names the shared folder beside the repository)`,
    ]);
  });

  it('not an import of main/shared, nor a path written from elsewhere into the repository', () => {
    const cases = [
      ['main/fees/fee-rules.ts', `import { WalletError } from '${SHARED}/errors';`],
      ['renderer/src/lib/wallet.ts', `import type { Result } from '../../../main/shared/result';`],
      ['scripts/x.test.ts', `import { tempDir } from '../test/fixtures/temp-dirs';`],
      ['test/integration/x.test.ts', `join(previewScript(), '../../../package.json')`],
      [
        'scripts/x.test.ts',
        `['main/review/guard.ts', "import { x } from '../../test/fixtures/swap-intent';"]`,
      ],
    ];
    for (const [file, text] of cases) expect(outsidePaths(root, file!, text!)).toEqual([]);
  });

  it('a Markdown link outside or to nothing, but not a web link, an anchor or code', () => {
    const markdown = [
      '[design](docs/ARCHITECTURE.md) and [guard](main/review/README.md#the-guard-guard-ts)',
      `[outside](${SHARED}/STYLE.md) [gone](docs/NOWHERE.md) [web](https://solana.com) [top](#top)`,
      '`[not a link](nowhere.md)`',
      '```',
      '[in a block](nowhere.md)',
      '```',
      '[ref]: ./missing.md',
    ].join('\n');
    expect(shown(brokenMarkdownLinks(root, 'README.md', markdown))).toEqual([
      `README.md:2: ${SHARED}/STYLE.md (links outside the repository)`,
      'README.md:2: docs/NOWHERE.md (links to docs/NOWHERE.md, not in it)',
      'README.md:7: ./missing.md (links to missing.md, not in it)',
    ]);
  });
});
