/**
 * The wallet's trusted side never imports the sandbox (issue 26): main/sandbox/ is a test
 * network that runs in its own process, and an arrow from the wallet into it would let a
 * change of the sandbox change what the wallet trusts. What both sides know (the sandbox's
 * mints, which the wallet's bundled list names) lives below both, in main/shared/.
 *
 * Read with the same import graph as the ring check (type-only imports count). Tests may import
 * the sandbox (they run it); so may the web preview's shell, which plugs the simulated Ledger in
 * when started with --ledger-simulator (the desktop app never loads it). The ESLint rule in
 * eslint.config.mjs says the same at edit time; this test is the exact check (it resolves paths).
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportGraph } from '../test/harness/import-graph';

const root = join(fileURLToPath(import.meta.url), '..', '..');

/** Files outside main/sandbox/ allowed to import it, each with its reason. */
const ALLOWED: Record<string, string> = {
  'main/preview/cli.ts': 'the web preview plugs the simulated Ledger in (--ledger-simulator)',
};

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');
const isSandbox = (file: string) => file.startsWith('main/sandbox/');

/** Each import from the trusted side into main/sandbox/, as `from -> to`. */
export function sandboxImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (isSandbox(file) || isTest(file) || file in ALLOWED) continue;
    for (const target of targets) if (isSandbox(target)) found.push(`${file} -> ${target}`);
  }
  return found.sort();
}

describe('the trust boundary: main, preload and renderer never import main/sandbox/', () => {
  const graph = readImportGraph(root, ['main', 'preload', 'renderer']);

  it('reads the sandbox and the wallet (the graph is not empty on either side)', () => {
    expect(graph.get('main/sandbox/tokens.ts')).toEqual(['main/shared/sandbox-tokens.ts']);
    expect(graph.get('main/tokens/bundled-on-network.ts')).toContain(
      'main/shared/sandbox-tokens.ts',
    );
  });

  it('has no import from the trusted side into the sandbox', () => {
    expect(sandboxImports(graph), 'move what both sides need to main/shared/').toEqual([]);
  });

  it('names an import that crosses, and lets tests and the sandbox itself through', () => {
    const crossing: ImportGraph = new Map([
      ['main/tokens/bundled-on-network.ts', ['main/sandbox/tokens.ts']],
      ['main/sandbox/rpc/server.ts', ['main/sandbox/tokens.ts']],
      ['main/tokens/x.test.ts', ['main/sandbox/tokens.ts']],
      ['main/preview/cli.ts', ['main/sandbox/ledger-device/simulator-settings.ts']],
      ['renderer/src/app.tsx', ['main/shared/amount.ts']],
    ]);
    expect(sandboxImports(crossing)).toEqual([
      'main/tokens/bundled-on-network.ts -> main/sandbox/tokens.ts',
    ]);
  });
});

describe('the ESLint rule that says it at edit time', () => {
  const eslint = new ESLint({ cwd: root });
  const restricted = async (file: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\nvoid 0;\n`, { filePath: join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
  };

  it('fires on the wallet importing the sandbox, not on the sandbox, the shared home or tests', async () => {
    expect(await restricted('main/tokens/x.ts', "import { A } from '../sandbox/tokens';")).toBe(1);
    expect(await restricted('main/index.ts', "import { A } from './sandbox/tokens';")).toBe(1);
    expect(await restricted('main/sandbox/rpc/x.ts', "import { A } from '../tokens';")).toBe(0);
    expect(
      // From main/ itself: the lone-clone check reads a parent-folder path into shared/ as a
      // reference to the team's folder beside the repository.
      await restricted('main/x.ts', "import { A } from './shared/sandbox-tokens';"),
    ).toBe(0);
    expect(await restricted('main/handlers/x.ts', "import { A } from './sandbox';")).toBe(0);
    expect(
      await restricted('main/tokens/x.test.ts', "import { A } from '../sandbox/tokens';"),
    ).toBe(0);
  }, 60_000);
});
