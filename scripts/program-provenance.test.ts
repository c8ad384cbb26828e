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

const programs = join(fileURLToPath(import.meta.url), '..', '..', 'resources', 'programs');
const OUR_OWN_TEXT = new Set(['README.md', 'PROVENANCE.md', 'NOTICE']);

interface Row {
  file: string;
  bytes: number;
  sha256: string;
}

/** The rows of PROVENANCE.md's table: | `file` | bytes | `sha256` |. */
function provenanceRows(folder: string): Row[] {
  const text = readFileSync(join(programs, folder, 'PROVENANCE.md'), 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|$/gm)].map((m) => ({
    file: m[1]!,
    bytes: Number(m[2]),
    sha256: m[3]!,
  }));
}

const folders = readdirSync(programs, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('real programs in resources/programs match their PROVENANCE.md', () => {
  it('holds the Raydium CP-Swap program', () => {
    expect(folders).toContain('raydium-cp-swap');
  });

  describe.each(folders)('%s', (folder) => {
    const rows = provenanceRows(folder);

    it('states the sha256 of every file it holds, and of no file it lacks', () => {
      const files = readdirSync(join(programs, folder))
        .filter((name) => !OUR_OWN_TEXT.has(name))
        .sort();
      expect(rows.map((row) => row.file).sort()).toEqual(files);
    });

    it.each(rows.map((row) => [row.file, row] as const))('%s has its stated sha256', (_, row) => {
      const bytes = readFileSync(join(programs, folder, row.file));
      expect(bytes.length).toBe(row.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    });
  });
});
