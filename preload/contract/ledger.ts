/**
 * Ledger hardware accounts (issue 17): find the device, list its first accounts on the usual
 * derivation paths, add the chosen ones, and the prompt it shows while signing. The renderer
 * never reaches the device; main does, through one queue.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, label, method } from './schemas';
import type { AccountSummary } from './accounts';

/**
 * The derivation conventions: `phantom` m/44'/501'/n'/0' (Phantom, Solflare, Backpack; the
 * default), `ledger-live` m/44'/501'/n', `root` m/44'/501'.
 */
export type LedgerSchemeName = 'phantom' | 'ledger-live' | 'root';

export interface LedgerAccountView {
  address: string;
  /** m/44'/501'/... */
  path: string;
  scheme: LedgerSchemeName;
  /** The n of the path (0 for root). */
  index: number;
  /** Already an account of this wallet. */
  inWallet: boolean;
}

export interface LedgerDeviceView {
  /** The Solana app's version on the device. */
  appVersion: string;
  /** "Allow blind signing" in the Solana app's settings: every swap needs it. */
  blindSigningEnabled: boolean;
  accounts: LedgerAccountView[];
}

export interface LedgerPromptView {
  /** The account whose transaction the device shows. */
  account: string;
  /** Base58 of the SHA-256 of the message: the hash the device shows when it blind-signs. */
  messageHash: string;
}

export interface LedgerStatus {
  /** The request waiting on the device, or null. */
  prompt: LedgerPromptView | null;
}

export const ledgerMethods = {
  /** Finds the Ledger, checks the Solana app is open, lists `count` accounts per convention. */
  'ledger.connect': method<LedgerDeviceView>()(
    z.object({ count: z.number().int().min(1).max(10).optional() }).strict(),
  ),
  /** Adds accounts the last ledger.connect listed (main refuses any other address). */
  'ledger.add': method<AccountSummary[]>()(
    z
      .object({
        accounts: z
          .array(z.object({ address: base58Address, label: label.optional() }).strict())
          .min(1)
          .max(30),
      })
      .strict(),
  ),
  'ledger.status': method<LedgerStatus>()(z.object({}).strict()),
} as const;
