/**
 * The real Solana programs kept in resources/programs/ are what their PROVENANCE.md says: every
 * file's sha256 and size match its row there, and no file sits in the folder without a row (the
 * READMEs, the provenance itself and the NOTICE are our own text, so they are not hashed). A
 * swapped binary, a re-saved account file or a new file with no stated origin fails here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const programs = join(root, 'resources', 'programs');
/** Closed-source binaries kept only for the tests (never in a build or a release). */
const fixturePrograms = join(root, 'test', 'fixtures', 'programs');
const OUR_OWN_TEXT = new Set(['README.md', 'PROVENANCE.md', 'NOTICE']);

interface Row {
  file: string;
  bytes: number;
  sha256: string;
}

/** The rows of PROVENANCE.md's table: | `file` | bytes | `sha256` |. */
function provenanceRows(folder: string, base = programs): Row[] {
  const text = readFileSync(join(base, folder, 'PROVENANCE.md'), 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|$/gm)].map((m) => ({
    file: m[1]!,
    bytes: Number(m[2]),
    sha256: m[3]!,
  }));
}

/**
 * Registers the checks of `base`/`folder` against its PROVENANCE.md: a row for every file and for
 * no file it lacks, and each file's size and sha256 as its row states.
 */
function itMatchesItsRows(base: string, folder: string): void {
  const rows = provenanceRows(folder, base);

  it('states the sha256 of every file it holds, and of no file it lacks', () => {
    const files = readdirSync(join(base, folder))
      .filter((name) => !OUR_OWN_TEXT.has(name))
      .sort();
    expect(rows.map((row) => row.file).sort()).toEqual(files);
  });

  it.each(rows.map((row) => [row.file, row] as const))('%s has its stated sha256', (_, row) => {
    const bytes = readFileSync(join(base, folder, row.file));
    expect(bytes.length).toBe(row.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
  });
}

const folders = readdirSync(programs, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('real programs in resources/programs match their PROVENANCE.md', () => {
  it('holds the Raydium CP-Swap program', () => {
    expect(folders).toContain('raydium-cp-swap');
  });

  it('holds the Raydium AMM v4 program (issue 33)', () => {
    expect(folders).toContain('raydium-amm-v4');
  });

  it('holds the Raydium CLMM program (issue 33)', () => {
    expect(folders).toContain('raydium-clmm');
  });

  describe.each(folders)('%s', (folder) => {
    itMatchesItsRows(programs, folder);
  });
});

describe('test-only programs in test/fixtures/programs match their PROVENANCE.md', () => {
  const folder = 'jupiter-v6';
  it('says the Jupiter binary is closed source, unlicensed and a test fixture only', () => {
    const text = readFileSync(join(fixturePrograms, folder, 'PROVENANCE.md'), 'utf8');
    expect(text).toMatch(/A test fixture only/);
    expect(text).toMatch(/closed source/);
    expect(text).toMatch(/no\s+licence/);
    expect(text).toMatch(/never be\s+part of a build or a release/);
  });

  itMatchesItsRows(fixturePrograms, folder);

  it('no code of the app names the fixture, so no build can carry it', () => {
    const named: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx|mts|mjs|js|json)$/.test(entry.name)) {
          const text = readFileSync(join(root, path), 'utf8');
          if (/jupiter_v6\.so|fixtures[/\\]programs/.test(text)) named.push(path);
        }
      }
    };
    for (const dir of ['main', 'preload', 'renderer']) walk(dir);
    expect(named).toEqual([]);
    const config = readFileSync(join(root, 'electron.vite.config.ts'), 'utf8');
    expect(config).not.toMatch(/fixtures|jupiter/i);
  });
});
