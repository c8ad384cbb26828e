/**
 * Plain data types returned across the bridge. Amounts are decimal strings of base units
 * (bigint in code on both sides, strings on the wire); no secret ever appears in these types.
 */

/** How an account's secret came into the keychain. */
export type AccountKind = 'generated' | 'secret-key' | 'cli-keypair' | 'recovery-phrase';

export interface AccountSummary {
  /** Base58 public key. */
  address: string;
  label: string;
  kind: AccountKind;
  /** BIP44 path for accounts derived from a recovery phrase, e.g. m/44'/501'/0'/0'. */
  derivationPath?: string;
  /** ISO-8601 time the account was added. */
  createdAt: string;
}

export interface AccountsState {
  accounts: AccountSummary[];
  /** Address of the account the screens act for, or null when there is none. */
  current: string | null;
}

export interface NetworkInfo {
  id: 'sandbox' | 'mainnet' | 'custom';
  label: string;
  rpcUrl: string;
  swapApiUrl: string;
  isSandbox: boolean;
}

export interface AppInfo {
  version: string;
  network: NetworkInfo;
  /** Where the app runs: the Electron window or the web preview. */
  shell: 'electron' | 'web-preview';
}

export interface TokenBalance {
  mint: string;
  symbol: string | null;
  decimals: number;
  /** Base units, decimal string. */
  amount: string;
  tokenAccount: string;
  tokenProgram: string;
}

export interface Balances {
  address: string;
  /** Lamports, decimal string. */
  lamports: string;
  tokens: TokenBalance[];
  /** Slot the balances were read at. */
  slot: number;
}

export interface FundResult {
  signatures: string[];
}
