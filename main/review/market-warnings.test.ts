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

  it('calls out USD out far below USD in, beyond what the price impact explains', () => {
    // $100 in, at least 9,850 UNVR (the minimum) at $0.009 = $88.65 out: 11% gone with a 0.1%
    // impact.
    const warnings = marketWarnings(intent({}), facts('0.009', true));
    expect(warnings).toEqual([
      expect.objectContaining({ kind: 'value-loss', mustAcknowledge: false }),
    ]);
    expect(warnings[0]?.sentence).toBe(
      'You give about $100.00 and may get as little as $88.65: 11% less, more than the price impact (0.1%) explains. A price may be wrong, the market for UNVR very thin or the slippage very wide; compare before you sign.',
    );
    // At $0.0099 the gap is 1.99%: within fees and impact, nothing to say.
    expect(marketWarnings(intent({}), facts('0.0099', true))).toEqual([]);
    // A large impact explains a large gap.
    expect(marketWarnings(intent({ priceImpactPct: '0.2' }), facts('0.009', true))).toEqual([]);
    // The quote itself fair ($99 out at $0.01), but a minimum of half of it: judged on the minimum.
    expect(
      marketWarnings(intent({ otherAmountThreshold: 4_950_000_000n }), facts('0.01', true))[0]
        ?.sentence,
    ).toMatch(/^You give about \$100.00 and may get as little as \$49.50: 50% less/);
    // ExactOut: judged on the most the person may pay.
    expect(
      marketWarnings(
        intent({ swapMode: 'ExactOut', otherAmountThreshold: 200_000_000n }),
        facts('0.01', true),
      )[0]?.sentence,
    ).toMatch(/^You may give up to \$200.00 and get about \$99.00: 50% less/);
    // No price for a side: no claim about value.
    const noPrice = facts('0.009', true);
    expect(marketWarnings(intent({}), { ...noPrice, prices: { [USDC]: price('1') } })).toEqual([]);
  });
});
