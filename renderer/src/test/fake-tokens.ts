/** The tokens of the fake bridge: real mainnet mints and decimals, as the sandbox lists them. */
import type { TokenInfo } from '../../../preload/api-types';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** The tokens the fake lists (real mainnet mints and decimals, as the sandbox has them). */
export const FAKE_TOKENS: TokenInfo[] = [
  {
    mint: 'So11111111111111111111111111111111111111112',
    symbol: 'SOL',
    name: 'Wrapped SOL',
    decimals: 9,
    tokenProgram: TOKEN_PROGRAM,
    source: 'api',
    verified: true,
    hasLogo: true,
  },
  {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM,
    source: 'api',
    verified: true,
    hasLogo: true,
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    tokenProgram: TOKEN_PROGRAM,
    source: 'api',
    verified: true,
    hasLogo: true,
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM,
    source: 'api',
    verified: true,
    hasLogo: true,
  },
];

/** A mint only tokens.lookup knows (a pasted address). */
export const FAKE_CHAIN_TOKEN: TokenInfo = {
  mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
  symbol: null,
  name: null,
  decimals: 9,
  tokenProgram: TOKEN_PROGRAM,
  source: 'chain',
  verified: false,
  hasLogo: false,
};

/** A look-alike the fake's search finds for "usdc": same symbol, another mint, unverified. */
export const FAKE_LOOKALIKE_TOKEN: TokenInfo = {
  mint: 'USDCoinFake1111111111111111111111111111111',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  tokenProgram: TOKEN_PROGRAM,
  source: 'api',
  verified: false,
  hasLogo: false,
};

/** USD prices of the fake (per whole token, as the price API writes them). */
export const FAKE_PRICES: Record<string, string> = {
  So11111111111111111111111111111111111111112: '150',
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: '1',
  DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263: '0.00002',
};

/** A 1×1 PNG, the logo the fake hands out for listed tokens. */
export const FAKE_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
