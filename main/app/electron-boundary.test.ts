/**
 * Electron is a run-time dependency of exactly two files: the Electron entry and the preload
 * script. Everything else may use Electron's types only, so that it runs (and is tested) in
 * plain Node and the web preview can compose the same modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('Electron boundary', () => {
  it('imports Electron at run time only in main/index.ts and preload/index.ts', () => {
    const runtimeImport =
      /^\s*import\s+(?!type\b)[^;]*from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\)/m;
    const importing = [...sources('main'), ...sources('preload')].filter((file) =>
      runtimeImport.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(importing.sort()).toEqual(['main/index.ts', 'preload/index.ts']);
  });
});
