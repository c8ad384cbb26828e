/**
 * No two files of the project import each other, directly or through a ring (issue 18): a ring
 * means none of its files can be read, moved or tested alone. Type-only imports count (the
 * contract's domains once formed swap -> fees -> activity -> pay -> swap through their view
 * types; shared views now live in preload/contract/views/).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph, relativeImports } from '../test/harness/import-graph';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const FOLDERS = ['main', 'preload', 'renderer', 'test', 'scripts', 'bench'];

describe('the import graph of main, preload, renderer, test, scripts and bench', () => {
  const graph = readImportGraph(root, FOLDERS);
  const cycles = findCycles(graph);

  it('is read from every source file, with the imports between them', () => {
    expect(graph.get('preload/contract/index.ts')).toContain('preload/contract/swap.ts');
    expect(graph.get('preload/contract/swap.ts')).toContain('preload/contract/views/index.ts');
    expect(graph.get('main/app/compose.ts')?.length).toBeGreaterThan(10);
  });

  it('has no import ring: no two files import each other, directly or around a circle', () => {
    const rings = cycles.map((cycle) => cycle.join(' -> '));
    expect(rings, 'files that import each other (break the ring)').toEqual([]);
  });
});

describe('the ring finder', () => {
  it('reads every kind of relative import, type-only ones included', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export type * from './views';",
      "export { c } from './c/index';",
      "import './side-effect';",
      "const lazy = await import('./lazy');",
      "import { z } from 'zod';",
      "// a comment naming 'from ./nothing' is not an import",
    ].join('\n');
    expect(relativeImports(text)).toEqual([
      './a',
      '../b',
      './views',
      './c/index',
      './side-effect',
      './lazy',
    ]);
  });

  it('names a ring through several files, and a file importing itself', () => {
    const graph = new Map([
      ['swap.ts', ['fees.ts', 'schemas.ts']],
      ['fees.ts', ['activity.ts']],
      ['activity.ts', ['pay.ts']],
      ['pay.ts', ['swap.ts']],
      ['schemas.ts', []],
      ['self.ts', ['self.ts']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['activity.ts', 'pay.ts', 'swap.ts', 'fees.ts', 'activity.ts'],
      ['self.ts', 'self.ts'],
    ]);
  });

  it('finds none in a graph without one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([]);
  });
});
