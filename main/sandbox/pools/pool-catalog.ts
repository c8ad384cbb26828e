/**
 * The sandbox market maker's books, for the tokens Raydium CP-Swap refuses (a permanent
 * delegate: PDLG; a scaled UI amount: XSTK). Each is a constant product over two vaults of the sandbox's venue key, at a
 * price near the token's own. Amounts and prices are user units as decimal text (price = token
 * B per token A). The CP-Swap pools are in cp-swap/pool-seeds.ts.
 */
export interface MarketMakerSeed {
  a: string;
  b: string;
  feeBps: number;
  amountA: string;
  price: string;
}

/** Symbols refer to main/sandbox/tokens.ts. */
export const MARKET_MAKER_SEEDS: readonly MarketMakerSeed[] = [
  { a: 'PDLG', b: 'USDC', feeBps: 25, amountA: '500000', price: '2' },
  // XSTK (issue 35; CP-Swap panics on a Scaled UI Amount mint). The book holds raw amounts, so
  // this is USDC per raw whole token: at the genesis multiplier 1.5× a person reads 200 per XSTK.
  { a: 'XSTK', b: 'USDC', feeBps: 25, amountA: '20000', price: '300' },
  // Issue 35: CP-Swap refuses a transfer hook; PAUS stays with the maker so a pause stops one book.
  { a: 'PAUS', b: 'USDC', feeBps: 25, amountA: '500000', price: '3' },
  { a: 'HOOK', b: 'USDC', feeBps: 25, amountA: '500000', price: '1.5' },
];
