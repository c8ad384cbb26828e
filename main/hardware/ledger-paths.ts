/**
 * The derivation paths a Ledger account can live at (issue 17, point 1). Every segment is
 * hardened: the Solana app derives with SLIP-0010 on ed25519, which has no other kind.
 */

/** The three conventions, the first the default. */
export const LEDGER_SCHEMES = ['phantom', 'ledger-live', 'root'] as const;
export type LedgerScheme = (typeof LEDGER_SCHEMES)[number];

/**
 * The path of account `index` under `scheme`, written as the vault stores paths (`m/...`):
 * phantom `m/44'/501'/n'/0'` (Phantom, Solflare and Backpack), ledger-live `m/44'/501'/n'`, and
 * root `m/44'/501'` (one account only: `index` must be 0).
 *
 * @example
 * ledgerPath('phantom', 0); // "m/44'/501'/0'/0'"
 */
export function ledgerPath(scheme: LedgerScheme, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 1000) {
    throw new RangeError(`account index must be an integer from 0 to 1000, got ${index}`);
  }
  switch (scheme) {
    case 'phantom':
      return `m/44'/501'/${index}'/0'`;
    case 'ledger-live':
      return `m/44'/501'/${index}'`;
    case 'root':
      if (index !== 0) throw new RangeError("m/44'/501' has one account only");
      return "m/44'/501'";
  }
}

const PATH = /^m(\/\d{1,10}')+$/;

/** Whether `path` is a Solana path Swapdesk may ask a Ledger about: m/44'/501' and below. */
export function isLedgerPath(path: string): boolean {
  if (!PATH.test(path) || !path.startsWith("m/44'/501'")) return false;
  const segments = path.split('/').slice(1);
  return segments.length <= 5 && segments.every((s) => Number(s.slice(0, -1)) < 0x8000_0000);
}

/** The path as the Solana app's client takes it: without the `m/`. */
export function devicePath(path: string): string {
  if (!isLedgerPath(path)) throw new RangeError(`not a Solana derivation path: ${path}`);
  return path.slice(2);
}
