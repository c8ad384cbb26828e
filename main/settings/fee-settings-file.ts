/**
 * The integrator fee settings (`fees.json` beside `settings.json`, issue 6): per network, fees
 * on or off, the platform fee in bps, the referral account and the fee account of each mint.
 * (The fee each swap paid is kept with the swap in Activity.) Kept apart from settings.json so the network
 * settings code never has to carry (or drop) these fields. Written atomically.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { WalletError } from '../shared/errors';
import { settingsJsonFile } from './settings-file-errors';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

const accountSchema = z.union([
  z.object({ mint: address, source: z.literal('address'), address }),
  z.object({ mint: address, source: z.literal('referral') }),
]);

/**
 * The integrator's named referral account on Jupiter's Ultra referral project, for the Swap API
 * v2's /order (issue 22): its name (the account is derived from it) and the referral fee asked
 * (50..255 bps, the range /order takes). Absent in files written before it.
 */
const orderReferralSchema = z.object({
  name: z.string().min(1).max(32),
  feeBps: z.number().int().min(50).max(255),
});

const networkFeesSchema = z.object({
  enabled: z.boolean(),
  platformFeeBps: z.number().int().min(0).max(10_000),
  referralAccount: address.nullable(),
  accounts: z.array(accountSchema),
  orderReferral: orderReferralSchema.nullable().optional(),
});

const fileSchema = z.object({
  version: z.literal(1),
  networks: z.partialRecord(z.enum(['sandbox', 'mainnet', 'custom']), networkFeesSchema),
});

export type FeeAccountEntry = z.infer<typeof accountSchema>;
export type OrderReferralSetting = z.infer<typeof orderReferralSchema>;
export type NetworkFees = z.infer<typeof networkFeesSchema>;
export type FeeSettingsData = z.infer<typeof fileSchema>;

/** Fees off, 0 bps, nothing configured. */
export function defaultNetworkFees(): NetworkFees {
  return { enabled: false, platformFeeBps: 0, referralAccount: null, accounts: [] };
}

export interface FeeSettingsFile {
  readonly path: string;
  read(): Promise<FeeSettingsData>;
  write(data: FeeSettingsData): Promise<void>;
}

/**
 * The fee settings file inside `dataDir`.
 *
 * @example const data = await createFeeSettingsFile(dataDir).read();
 */
export function createFeeSettingsFile(dataDir: string, fileName = 'fees.json'): FeeSettingsFile {
  const path = join(dataDir, fileName);
  const file = settingsJsonFile<FeeSettingsData>(
    {
      path,
      schema: fileSchema,
      missing: () => ({ version: 1, networks: {} }),
      damaged: () => {
        // Not replaced silently: it names where the integrator's fees go.
        throw new WalletError(
          'SETTINGS_FILE_UNREADABLE',
          `Swapdesk's fee settings at ${path} are damaged and were left untouched. Move the file away and set the fees again.`,
        );
      },
    },
    'its fee settings',
  );
  return { path, read: file.read, write: file.write };
}
