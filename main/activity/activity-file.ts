/**
 * The activity file (`activity.json` in the data folder): every transaction the wallet signed
 * and sent, with its status. It doubles as the send journal: an entry is written as pending
 * (with `sent: false`) before the transaction leaves the wallet, so that a transaction still
 * in flight when the app quit or crashed is tracked again at the next start.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { WalletError } from '../shared/errors';
import { createJsonFile } from '../storage/json-file';

const decimal = z.string().regex(/^-?\d+$/);

const swapSchema = z.object({
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: decimal,
  outAmount: decimal,
  otherAmountThreshold: decimal,
});

/** A payment's facts (issue 5): what was asked, and once read from the chain, the receipt. */
const paymentSchema = z.object({
  recipient: z.string(),
  payeeTokenAccount: z.string(),
  mint: z.string(),
  amount: decimal,
  payWithMint: z.string(),
  /** The most the payer could spend (the quote's maximum, or the amount for a direct transfer). */
  maxSpend: decimal,
  references: z.array(z.string()),
  memo: z.string().nullable(),
  label: z.string().nullable(),
  message: z.string().nullable(),
  /** Read from the confirmed transaction by pay.receipt; null until then. */
  delivered: decimal.nullable(),
  spent: decimal.nullable(),
});

/** The integrator fee a swap carried (issue 6); `received` is read from the confirmed transaction. */
const platformFeeSchema = z.object({
  feeAccount: z.string(),
  mint: z.string(),
  feeBps: z.number().int(),
  /** What the fee account gained in the transaction; null until read. */
  received: decimal.nullable(),
});

const recordSchema = z.object({
  id: z.string(),
  kind: z.enum(['swap', 'pay', 'other']),
  networkId: z.enum(['sandbox', 'mainnet', 'custom']),
  /** The RPC URL at send time (explorer links of custom networks point at it). */
  rpcUrl: z.string(),
  account: z.string(),
  signature: z.string(),
  status: z.enum(['pending', 'confirmed', 'failed', 'expired']),
  error: z.string().nullable(),
  /** False from the journal write until the RPC accepted the transaction. */
  sent: z.boolean(),
  lastValidBlockHeight: z.number().int().nonnegative(),
  swap: swapSchema.nullable(),
  /** Payments only; absent in entries written before payments existed. */
  payment: paymentSchema.nullable().optional(),
  /** Swaps with an integrator fee only; absent in entries written before fees existed. */
  platformFee: platformFeeSchema.nullable().optional(),
  /** The slot it landed in, once the tracker saw it land; absent before and in older entries. */
  slot: z.number().int().nonnegative().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const fileSchema = z.object({ version: z.literal(1), entries: z.array(recordSchema) });

type ActivityFileData = z.infer<typeof fileSchema>;
export type ActivityRecord = z.infer<typeof recordSchema>;
export type SwapSummary = z.infer<typeof swapSchema>;
export type PaymentSummary = z.infer<typeof paymentSchema>;
export type PlatformFeePaid = z.infer<typeof platformFeeSchema>;

export interface ActivityFile {
  readonly path: string;
  read(): Promise<ActivityRecord[]>;
  write(entries: ActivityRecord[]): Promise<void>;
}

/**
 * The activity file inside `dataDir`.
 *
 * @example const entries = await createActivityFile(dataDir).read();
 */
export function createActivityFile(dataDir: string, fileName = 'activity.json'): ActivityFile {
  const path = join(dataDir, fileName);
  const file = createJsonFile<ActivityFileData>({
    path,
    schema: fileSchema,
    missing: () => ({ version: 1, entries: [] }),
    unreadable: (errno, cause) =>
      new WalletError(
        'ACTIVITY_FILE_UNREADABLE',
        `Swapdesk cannot read its activity list at ${path} (${errno}). Check the file's permissions and restart Swapdesk.`,
        { cause },
      ),
    damaged: () => {
      // Not silently replaced: it is the only record of transactions that may still land.
      throw new WalletError(
        'ACTIVITY_FILE_UNREADABLE',
        `Swapdesk's activity list at ${path} is damaged and has been left untouched. Move it away to start a new list; your funds and keys are not affected.`,
      );
    },
    unwritable: (errno, cause) =>
      new WalletError(
        'ACTIVITY_FILE_UNWRITABLE',
        `Swapdesk could not save its activity list at ${path} (${errno}): check free disk space and the folder's permissions.`,
        { cause },
      ),
  });
  return {
    path,
    read: async () => (await file.read()).entries,
    write: (entries) => file.write({ version: 1, entries }),
  };
}
