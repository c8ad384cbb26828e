import { describe, expect, it } from 'vitest';
import type { PriceView } from '../../preload/api-types';
import {
  INTENT_UNVR as UNVR,
  INTENT_USDC as USDC,
  swapIntent as intent,
} from '../../test/fixtures/swap-intent';
import { marketWarnings, type MarketFacts } from './market-warnings';

const price = (usdPrice: string): PriceView => ({ usdPrice, asOf: 1, status: 'fresh' });

const facts = (unvrPrice: string, verified = false): MarketFacts => ({
  tokens: new Map([
    [USDC, { symbol: 'USDC', verified: true, decimals: 6 }],
    [UNVR, { symbol: 'UNVR', verified, decimals: 6 }],
  ]),
  prices: { [USDC]: price('1'), [UNVR]: price(unvrPrice) },
});

describe('market warnings', () => {
  it('an unverified token bought must be acknowledged; sold, it is a caution', () => {
    const [bought] = marketWarnings(intent({}), facts('0.01'));
    expect(bought).toMatchObject({ kind: 'unverified', mint: UNVR, mustAcknowledge: true });
    expect(bought?.sentence).toContain('UNVR is not on the verified token list');
    const sold = marketWarnings(intent({ inputMint: UNVR, outputMint: USDC }), facts('0.01'));
    expect(sold).toMatchObject([{ kind: 'unverified', mustAcknowledge: false }]);
    expect(marketWarnings(intent({}), facts('0.01', true))).toEqual([]);
  });

  it('names the verified token an unverified one reads like, on either side', () => {
    const lookalike: MarketFacts = {
      ...facts('0.01'),
      namesakes: new Map([[UNVR, USDC]]),
    };
    const [bought] = marketWarnings(intent({}), lookalike);
    expect(bought?.mustAcknowledge).toBe(true);
    expect(bought?.sentence).toBe(
      'UNVR is not on the verified token list, and a verified token whose symbol reads the same has another mint (EPjF…Dt1v): this one may be an imitation. Make sure 4V5Z…4Pki is the mint of the token you mean to buy.',
    );
    const [sold] = marketWarnings(intent({ inputMint: UNVR, outputMint: USDC }), lookalike);
    expect(sold?.sentence).toContain('this one may be an imitation.');
    expect(sold?.mustAcknowledge).toBe(false);
  });

  it('opening a payee account for an unverified mint buys nothing, so it warns of nothing', () => {
    const payment = {
      kind: 'create-destination' as const,
      payeeTokenAccount: UNVR,
      owner: USDC,
      mint: UNVR,
      tokenProgram: USDC,
    };
    expect(marketWarnings(intent({ outAmount: 0n, payment }), facts('0.01'))).toEqual([]);
  });

  it('a token the directory does not know counts as unverified', () => {
    const unknown: MarketFacts = { tokens: new Map(), prices: {} };
    expect(marketWarnings(intent({}), unknown)[0]).toMatchObject({
      kind: 'unverified',
      mustAcknowledge: true,
    });
  });

  it('USD out more than 5% below USD in must be acknowledged, whatever impact the quote claims', () => {
    // $100 in, at least 9,850 UNVR (the minimum) at $0.009 = $88.65 out: 11% gone.
    const warnings = marketWarnings(intent({}), facts('0.009', true));
    expect(warnings).toEqual([
      expect.objectContaining({ kind: 'value-loss', mustAcknowledge: true }),
    ]);
    expect(warnings[0]?.sentence).toBe(
      "You give about $100.00 and may get as little as $88.65 (prices from the swap service's Price API): 11% less. The quote puts the price impact at 0.1%, but the loss is yours whatever causes it. The route may go through a pool priced far from the market; compare before you sign.",
    );
    // At $0.0099 the gap is 1.5%: within 5%, nothing to say.
    expect(marketWarnings(intent({}), facts('0.0099', true))).toEqual([]);
    // A quote claiming an impact to match (the attacker's own pool) is still a loss to see.
    expect(
      marketWarnings(intent({ priceImpactPct: '0.4' }), facts('0.006', true))[0],
    ).toMatchObject({ kind: 'value-loss', mustAcknowledge: true });
    // The quote itself fair ($99 out at $0.01), but a minimum of half of it: judged on the minimum.
    expect(
      marketWarnings(intent({ otherAmountThreshold: 4_950_000_000n }), facts('0.01', true))[0]
        ?.sentence,
    ).toMatch(/^You give about \$100.00 and may get as little as \$49.50 .*: 50% less/);
    // ExactOut: judged on the most the person may pay.
    expect(
      marketWarnings(
        intent({ swapMode: 'ExactOut', otherAmountThreshold: 200_000_000n }),
        facts('0.01', true),
      )[0]?.sentence,
    ).toMatch(/^You may give up to \$200.00 and get about \$99.00 .*: 50% less/);
  });

  it('a side with no price is said, not passed over in silence', () => {
    const noPrice = { ...facts('0.009', true), prices: { [USDC]: price('1') } };
    expect(marketWarnings(intent({}), noPrice)).toEqual([
      {
        mint: UNVR,
        kind: 'value-unknown',
        mustAcknowledge: false,
        sentence:
          "There is no USD price for UNVR from the swap service's Price API, so the wallet cannot tell whether what you receive is worth what you pay; compare before you sign.",
      },
    ]);
  });

  it('takes its USD values from the value source it is given (an oracle, issue 25)', () => {
    const oracle = {
      name: 'the Pyth oracle',
      usdValue: (mint: string, amount: bigint) =>
        mint === USDC ? { digits: amount, scale: 6 } : { digits: amount / 2n, scale: 8 },
    };
    // The Price API says UNVR is fair ($0.01); the oracle says $0.005: half is lost.
    const [warning] = marketWarnings(intent({}), { ...facts('0.01', true), values: oracle });
    expect(warning?.sentence).toMatch(/\(prices from the Pyth oracle\): 50% less/);
  });
});
