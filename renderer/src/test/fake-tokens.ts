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
    source: 'sandbox',
  },
  {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM,
    source: 'sandbox',
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    tokenProgram: TOKEN_PROGRAM,
    source: 'sandbox',
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM,
    source: 'sandbox',
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
};
