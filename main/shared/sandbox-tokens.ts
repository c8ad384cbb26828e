/**
 * The sandbox's token set: real mainnet mint addresses and decimals (checked against public token
 * lists), so that quotes, amounts and token-program handling look exactly as they do on mainnet.
 * The mints are created at genesis with the sandbox faucet as mint authority; wrapped SOL is the
 * SPL native mint that the VM provides itself.
 *
 * Four more tokens exist so that every token warning of the review can be seen and tested
 * (issue 11): TFEE (Token-2022 transfer fee), PDLG (Token-2022 permanent delegate), FRZ (SPL
 * Token with a freeze authority) and UNVR (not on the sandbox's verified list); issue 35 adds
 * XSTK (Token-2022 Scaled UI Amount: a tokenized stock's multiplier), PAUS (Token-2022 pausable)
 * and HOOK (Token-2022 transfer hook whose program runs). They have no
 * mainnet counterpart; their mints are derived from `swapdesk-sandbox:mint:<SYMBOL>`.
 *
 * Its home is main/shared/ because both sides know these mints: the sandbox creates them
 * (main/sandbox/tokens.ts re-exports this list for its modules) and the wallet names them from
 * its bundled list (main/tokens/bundled-on-network.ts). The wallet's trusted side never imports
 * main/sandbox/ (scripts/trust-boundary.test.ts checks it).
 */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111';
export const ADDRESS_LOOKUP_TABLE_PROGRAM_ID = 'AddressLookupTab1e1111111111111111111111111';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

export type TokenProgramId = typeof TOKEN_PROGRAM_ID | typeof TOKEN_2022_PROGRAM_ID;

/** What genesis gives a mint beyond a plain mint with the faucet as mint authority. */
export interface MintTraits {
  /** Token-2022 TransferFeeConfig: this fee in basis points on every transfer, capped at maxFee. */
  transferFee?: { bps: number; maxFee: bigint };
  /** Token-2022 PermanentDelegate: the faucet may move or burn tokens from any account. */
  permanentDelegate?: true;
  /** The faucet is the freeze authority (it may freeze any account of the mint). */
  freezeAuthority?: true;
  /**
   * Token-2022 ScaledUiAmountConfig (issue 35), the faucet its authority: `multiplier` from
   * genesis, `newMultiplier` from `changeAfterSeconds` after genesis (a split during a run).
   */
  scaledUiAmount?: { multiplier: number; newMultiplier: number; changeAfterSeconds: number };
  /** Token-2022 PausableConfig, the faucet its authority (`POST /sandbox/pause`; issue 35). */
  pausable?: true;
  /** Token-2022 TransferHook: every transfer runs the sandbox's hook program (main/sandbox/hook/). */
  transferHook?: true;
}

export interface SandboxToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: TokenProgramId;
  /** On the verified list the sandbox's token API serves (like Jupiter's `isVerified`). */
  verified: boolean;
  traits?: MintTraits;
}

export const SANDBOX_TOKENS: readonly SandboxToken[] = [
  {
    mint: NATIVE_MINT,
    symbol: 'SOL',
    name: 'Wrapped SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    symbol: 'USDT',
    name: 'USDT',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
    symbol: 'mSOL',
    name: 'Marinade staked SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn',
    symbol: 'JitoSOL',
    name: 'Jito Staked SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
    symbol: 'WIF',
    name: 'dogwifhat',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R',
    symbol: 'RAY',
    name: 'Raydium',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
  },
  {
    mint: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
    symbol: 'PYUSD',
    name: 'PayPal USD',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
  },
  {
    mint: '4AVWP3Tbjcrgr7mLp7RVqUTiZAE5y8YNDamyBP1HUXFk',
    symbol: 'TFEE',
    name: 'Transfer Fee Token',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
    // 0.1 %: small enough that a swap into it stays within the default slippage.
    traits: { transferFee: { bps: 10, maxFee: 1_000_000_000n } },
  },
  {
    mint: 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi',
    symbol: 'PDLG',
    name: 'Permanent Delegate Token',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
    traits: { permanentDelegate: true },
  },
  {
    mint: 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC',
    symbol: 'FRZ',
    name: 'Freezable Token',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: true,
    traits: { freezeAuthority: true },
  },
  {
    // Like an xStock (8 decimals, Token-2022, a multiplier): 1.5× from genesis, a 2-for-1 split
    // (3×) ten minutes later; POST /sandbox/multiplier changes it at any time (issue 35).
    mint: 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW',
    symbol: 'XSTK',
    name: 'Scaled Stock Token',
    decimals: 8,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
    traits: { scaledUiAmount: { multiplier: 1.5, newMultiplier: 3, changeAfterSeconds: 600 } },
  },
  {
    mint: 'Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK',
    symbol: 'PAUS',
    name: 'Pausable Token',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
    traits: { pausable: true },
  },
  {
    mint: '33i3c6DBuswEtqPKVC8SJm2eABXVoihezuXKKjpoxUMc',
    symbol: 'HOOK',
    name: 'Transfer Hook Token',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
    verified: true,
    traits: { transferHook: true },
  },
  {
    mint: '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki',
    symbol: 'UNVR',
    name: 'Unverified Token',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
    verified: false,
  },
];

/** The token of the set with this mint, or undefined. */
export function findSandboxToken(mint: string): SandboxToken | undefined {
  return SANDBOX_TOKENS.find((token) => token.mint === mint);
}

/** The mint of the set's token with this symbol (`SOL`, `USDC`, …); throws for another symbol. */
export function sandboxMintOf(symbol: string): string {
  const token = SANDBOX_TOKENS.find((candidate) => candidate.symbol === symbol);
  if (token === undefined) throw new Error(`No sandbox token is named ${symbol}.`);
  return token.mint;
}
