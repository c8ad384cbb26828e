/**
 * The lint rule that keeps test code out of the build (eslint.config.mjs): run through ESLint's
 * own Node API on the project's real configuration, an import of a test fixture is an error in
 * production code of main, preload and the renderer, and allowed in a test file.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('production code cannot import test code', () => {
  it.each([
    ['main/review/guard.ts', "import { honestSwap } from '../../test/fixtures/review-scenarios';"],
    ['preload/index.ts', "import { x } from '../test/fixtures/real-world';"],
    ['renderer/src/App.tsx', "import { installFakeWallet } from './test/fake-wallet';"],
  ])(
    '%s importing a test module is an error',
    async (file, code) => {
      expect(await restrictedImports(file, `${code}\nvoid 0;\n`)).toEqual([
        expect.stringMatching(/Test-only code .* must not be imported by production code/),
      ]);
    },
    30_000,
  );

  it('a test file may import it', async () => {
    expect(
      await restrictedImports(
        'main/review/guard.test.ts',
        "import { honestSwap } from '../../test/fixtures/review-scenarios';\nvoid honestSwap;\n",
      ),
    ).toEqual([]);
  }, 30_000);

  it('the renderer keeps its own restrictions beside it', async () => {
    expect(
      await restrictedImports(
        'renderer/src/App.tsx',
        "import { Connection } from '@solana/web3.js';\nvoid Connection;\n",
      ),
    ).toHaveLength(1);
  }, 30_000);
});
