/**
 * Where the Ledger lives (issue 17): the desktop app's entry never reaches the sandbox's
 * simulated device (only the web preview's --ledger-simulator does), and the renderer never
 * reaches the device code: in the app the device is used only by main.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportGraph } from '../../test/harness/import-graph';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function reachable(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('Ledger device boundary', () => {
  const graph = readImportGraph(root, ['main', 'preload', 'renderer']);

  it('the Electron entry uses main/hardware but never the simulated device', () => {
    const app = [...reachable(graph, 'main/index.ts')];
    expect(app).toContain('main/hardware/ledger-device.ts');
    expect(app.filter((file) => file.startsWith('main/sandbox/ledger-device/'))).toEqual([]);
  });

  it('the web preview reaches the simulated device (--ledger-simulator)', () => {
    expect([...reachable(graph, 'main/preview/cli.ts')]).toContain(
      'main/sandbox/ledger-device/simulator-settings.ts',
    );
  });

  it('the renderer never reaches the device code', () => {
    const page = [...reachable(graph, 'renderer/src/main.tsx')];
    expect(page.filter((file) => file.startsWith('main/hardware/'))).toEqual([]);
  });
});
