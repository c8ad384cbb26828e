import { describe, expect, it } from 'vitest';
import { matchTokens, type MatchableToken } from './token-match';

const token = (
  mint: string,
  symbol: string | null,
  name: string | null,
  verified: boolean,
): MatchableToken => ({ mint, symbol, name, verified });

const fake = token('USDCoinFake1111111111111111111111111111111', 'USDC', 'USD Coin', false);
const real = token('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 'USD Coin', true);
const usdt = token('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 'USDT', true);
const jup = token('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP', 'Jupiter', true);
// Read from the chain, named by no list.
const unnamed = token('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', null, null, false);

describe('matching tokens to what the person types', () => {
  it('keeps two tokens with one symbol apart, the verified one first', () => {
    expect(matchTokens([fake, usdt, real], 'usdc')).toEqual([real, fake]);
    expect(matchTokens([fake, usdt, real], ' USD ')).toEqual([usdt, real, fake]);
  });

  it('ranks an exact symbol or mint, then a prefix, then a name', () => {
    const all = [unnamed, fake, usdt, real, jup];
    expect(matchTokens(all, 'jupiter')).toEqual([jup]);
    expect(matchTokens(all, unnamed.mint)).toEqual([unnamed]);
    expect(matchTokens(all, 'coin')).toEqual([real, fake]);
    expect(matchTokens(all, 'bonk')).toEqual([]);
    expect(matchTokens(all, '  ')).toEqual(all);
  });
});
