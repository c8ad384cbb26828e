import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftovers, swapdeskEntries } from './temp-leftovers.mjs';

// A folder of its own stands in for the system temp folder, so other runs cannot interfere.
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('what a test run leaves in the temp folder', () => {
  it('names every new swapdesk-* entry, and only those', () => {
    dir = mkdtempSync(join(tmpdir(), 'leftovers-check-'));
    mkdirSync(join(dir, 'swapdesk-before-abc'));
    const before = swapdeskEntries(dir);
    mkdirSync(join(dir, 'swapdesk-vault-x1y2z3'));
    writeFileSync(join(dir, 'swapdesk-e2e'), '');
    mkdirSync(join(dir, 'someone-else-tmp'));
    expect(leftovers(before, dir)).toEqual(['swapdesk-e2e', 'swapdesk-vault-x1y2z3']);
  });

  it('is empty when the run cleaned up', () => {
    dir = mkdtempSync(join(tmpdir(), 'leftovers-check-'));
    const before = swapdeskEntries(dir);
    mkdirSync(join(dir, 'swapdesk-gone'));
    rmSync(join(dir, 'swapdesk-gone'), { recursive: true });
    expect(leftovers(before, dir)).toEqual([]);
  });
});
