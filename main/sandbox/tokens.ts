/**
 * The sandbox's token set: real mainnet mint addresses and decimals (checked against public token
 * lists), so that quotes, amounts and token-program handling look exactly as they do on mainnet.
 * The mints are created at genesis with the sandbox faucet as mint authority; wrapped SOL is the
 * SPL native mint that the VM provides itself.
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

export interface SandboxToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: TokenProgramId;
}

export const SANDBOX_TOKENS: readonly SandboxToken[] = [
  {
    mint: NATIVE_MINT,
    symbol: 'SOL',
    name: 'Wrapped SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    symbol: 'USDT',
    name: 'USDT',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
    symbol: 'mSOL',
    name: 'Marinade staked SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn',
    symbol: 'JitoSOL',
    name: 'Jito Staked SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
    symbol: 'WIF',
    name: 'dogwifhat',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R',
    symbol: 'RAY',
    name: 'Raydium',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ID,
  },
  {
    mint: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
    symbol: 'PYUSD',
    name: 'PayPal USD',
    decimals: 6,
    tokenProgram: TOKEN_2022_PROGRAM_ID,
  },
];

/** The token of the set with this mint, or undefined. */
export function findSandboxToken(mint: string): SandboxToken | undefined {
  return SANDBOX_TOKENS.find((token) => token.mint === mint);
}
