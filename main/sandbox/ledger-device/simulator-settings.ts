/**
 * The web preview's simulated Ledger (--ledger-simulator, issue 17): the simulated Solana app
 * plugged in, its blind signing allowed, approving each prompt after a short pause (so the
 * review's "Confirm on your Ledger" can be seen). Its state can be changed while the preview
 * runs by writing `ledger-simulator.json` in the preview's data folder, read again at every
 * request (a developer's or an end-to-end test's "hand on the device"):
 *
 *   {"plugged": true, "screen": "solana"|"dashboard"|"locked", "blindSigning": true,
 *    "answer": "approve"|"reject", "answerDelayMs": 1500}
 *
 * Every field is optional. Sandbox only: the desktop app never loads this module.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Transport } from '../../hardware/ledger-packages';
import { createSimulatedSolanaApp } from './simulated-solana-app';
import { openSimulatedTransport, type SimulatedDevice } from './simulated-transport';

export const SIMULATOR_SETTINGS_FILE = 'ledger-simulator.json';

const settingsSchema = z
  .object({
    plugged: z.boolean().optional(),
    screen: z.enum(['solana', 'dashboard', 'locked']).optional(),
    blindSigning: z.boolean().optional(),
    answer: z.enum(['approve', 'reject']).optional(),
    answerDelayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict();

export type SimulatorSettings = z.infer<typeof settingsSchema>;

const DEFAULTS: Required<SimulatorSettings> = {
  plugged: true,
  screen: 'solana',
  blindSigning: true,
  answer: 'approve',
  answerDelayMs: 1500,
};

function readSettings(file: string): Required<SimulatorSettings> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return DEFAULTS;
  }
  const parsed = settingsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not valid simulator settings: ${parsed.error.message}`);
  }
  return { ...DEFAULTS, ...parsed.data };
}

/**
 * The `open` of the preview's Ledger: the simulated device, as `dataDir`'s settings file says.
 *
 * @example
 * composeApp({ ..., openLedger: simulatedLedgerOpener(dataDir) });
 */
export function simulatedLedgerOpener(dataDir: string): () => Promise<Transport> {
  const file = join(dataDir, SIMULATOR_SETTINGS_FILE);
  let settings = readSettings(file);
  const app = createSimulatedSolanaApp({
    version: '1.4.1',
    answer: async () => {
      await new Promise((resolve) => setTimeout(resolve, settings.answerDelayMs));
      return readSettings(file).answer;
    },
  });
  const device: SimulatedDevice = { app, plugged: true };
  return () => {
    settings = readSettings(file);
    device.plugged = settings.plugged;
    app.settings.screen = settings.screen;
    app.settings.blindSigning = settings.blindSigning;
    return openSimulatedTransport(device);
  };
}
