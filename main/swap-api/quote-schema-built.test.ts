/**
 * GET /quote answers built to each official schema, parsed and shown: the required fields only,
 * optional fields absent, shares in `percent` or `bps`. Split from quote-real-world.test.ts
 * (the real answers) when that file outgrew the project's 400 lines.
 *
 * The variants are built by hand from the generated client's swagger
 * (jup-ag/jupiter-quote-api-node @ 6dbd33a) and the swap/v1 OpenAPI (jup-ag/docs @ 1dda348d).
 */
import { describe, expect, it } from 'vitest';
import { paramsOf, quoteSentBack, shown, type Json } from '../../test/fixtures/quote-parsing';

// Every complete answer in the folder, whatever files it holds: the folder is a sample of the
// service's answers, and any real answer that follows the official schemas must be read right.

/** A minimal answer to the swap/v1 schema: only the required fields. */
function minimalV1(): Json {
  return {
    inputMint: 'So11111111111111111111111111111111111111112',
    inAmount: '100000000',
    outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    outAmount: '16198753',
    otherAmountThreshold: '16117760',
    swapMode: 'ExactIn',
    slippageBps: 50,
    priceImpactPct: '0',
    routePlan: [
      {
        swapInfo: {
          ammKey: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF',
          inputMint: 'So11111111111111111111111111111111111111112',
          outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          inAmount: '100000000',
          outAmount: '16198753',
        },
      },
    ],
  };
}

/** A two-way split with the given share fields on each step. */
function split(shares: [Json, Json]): Json {
  const base = minimalV1();
  const [step] = base.routePlan as Json[];
  const info = (step as { swapInfo: Json }).swapInfo;
  return {
    ...base,
    routePlan: [
      { swapInfo: { ...info, inAmount: '30000000', outAmount: '4859626' }, ...shares[0] },
      {
        swapInfo: {
          ...info,
          ammKey: 'HTvjzsfX3yU6BUodCjZ5vZkUrAxMDTrBs3CJaq43ashR',
          inAmount: '70000000',
          outAmount: '11339127',
        },
        ...shares[1],
      },
    ],
  };
}

describe('answers built to the official schemas', () => {
  const variants: [string, Json][] = [
    ['only the required fields (no platformFee, contextSlot, timeTaken, label, fees)', minimalV1()],
    ['platformFee null', { ...minimalV1(), platformFee: null }],
    [
      'platformFee {amount "0", feeBps 0}',
      { ...minimalV1(), platformFee: { amount: '0', feeBps: 0 } },
    ],
    [
      'feeAmount and feeMint null (deprecated)',
      (() => {
        const body = minimalV1();
        const [step] = body.routePlan as { swapInfo: Json }[];
        if (step)
          Object.assign(step.swapInfo, { feeAmount: null, feeMint: null, label: 'Meteora DLMM' });
        return body;
      })(),
    ],
    [
      'percent null with bps',
      split([
        { percent: null, bps: 3000 },
        { percent: null, bps: 7000 },
      ]),
    ],
    [
      'bps null with percent',
      split([
        { percent: 30, bps: null },
        { percent: 70, bps: null },
      ]),
    ],
    [
      'both percent and bps',
      split([
        { percent: 30, bps: 3000 },
        { percent: 70, bps: 7000 },
      ]),
    ],
    [
      'bps finer than percent',
      split([
        { percent: 30, bps: 2950 },
        { percent: 70, bps: 7050 },
      ]),
    ],
    [
      'unknown extra fields everywhere',
      {
        ...minimalV1(),
        instructionVersion: 'V2',
        mostReliableAmmsQuoteReport: null,
        swapUsdValue: '16.19',
        routePlan: [{ ...(minimalV1().routePlan as Json[])[0], details: { anything: [1, 2] } }],
      },
    ],
  ];

  it.each(variants)('%s: accepted, shown, and sent back byte for byte', (_name, answer) => {
    // Odd spacing proves the text goes back as it came, not re-serialized.
    const raw = JSON.stringify(answer, null, 3);
    const params = paramsOf(answer);
    const view = shown(raw, params);
    expect(view.route.reduce((sum, hop) => sum + hop.percent, 0)).toBe(100);
    expect(quoteSentBack(raw, params)).toBe(raw.trim());
  });

  it('a step share of 29.5% (bps 2950) is shown as such', () => {
    const answer = split([
      { percent: 30, bps: 2950 },
      { percent: 70, bps: 7050 },
    ]);
    const view = shown(JSON.stringify(answer), paramsOf(answer));
    expect(view.route.map((hop) => hop.percent)).toEqual([29.5, 70.5]);
  });

  const refused: [string, Json, RegExp][] = [
    ['a split that says no share', split([{}, {}]), /splits a token without saying what share/],
    [
      'shares that miss part of the amount',
      split([{ bps: 3000 }, { bps: 6000 }]),
      /does not pass on all/,
    ],
    [
      'percent and bps that disagree',
      split([{ percent: 50, bps: 3000 }, { bps: 7000 }]),
      /two different shares/,
    ],
    [
      'a fee amount with no rate',
      { ...minimalV1(), platformFee: { amount: '5' } },
      /fee amount without its rate/,
    ],
    [
      'a hop fee that is not an amount',
      (() => {
        const body = minimalV1();
        const [step] = body.routePlan as { swapInfo: Json }[];
        if (step) step.swapInfo.feeAmount = '-3';
        return body;
      })(),
      /feeAmount/,
    ],
  ];

  it.each(refused)('%s: refused as untrustworthy', (_name, answer, why) => {
    expect(() => shown(JSON.stringify(answer), paramsOf(answer))).toThrow(why);
  });
});
