/**
 * Jupiter's platform fee by pair, every row of the table its docs publish (docs-v2 "Order &
 * Execute", "Fee breakdown", test/fixtures/real-world/docs-v2/
 * jup-ag-docs-1dda348d-swap-order-and-execute.mdx, read here), and the fee mint priority.
 */
import { describe, expect, it } from 'vitest';
import { MAINNET_MINTS } from '../../test/fixtures/mainnet-mints';
import { realWorldText } from '../../test/fixtures/real-world';
import { jupiterFeeMint, jupiterPairFee, SOL_MINT } from './jupiter-fee-table';

const SOL = SOL_MINT;
const { USDC, USDT, PYUSD, JUP, JLP, JUPSOL, MSOL, JITOSOL, BONK, WIF } = MAINNET_MINTS;

/** The docs' table, row by row: the words of the pair and its fee. */
function publishedTable(): Map<string, number> {
  const page = realWorldText('docs-v2/jup-ag-docs-1dda348d-swap-order-and-execute.mdx');
  const section = page.slice(page.indexOf('#### Fee breakdown'), page.indexOf('#### Fee mint'));
  const rows = [...section.matchAll(/^\| ([^|]+?) \| (\d+) \|$/gm)];
  return new Map(rows.map((row) => [row[1]!, Number(row[2])]));
}

describe("Jupiter's fee by pair", () => {
  const table = publishedTable();
  const now = new Date('2026-11-28T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('reads six rows from the docs', () => {
    expect([...table.values()]).toEqual([0, 0, 2, 5, 10, 50]);
  });

  it('charges every class of pair the rate of its row', () => {
    const cases: [string, string, string][] = [
      ['Buying Jupiter tokens (SOL/Stable to JUP/JLP/jupSOL)', SOL, JUP],
      ['Buying Jupiter tokens (SOL/Stable to JUP/JLP/jupSOL)', USDC, JLP],
      ['Buying Jupiter tokens (SOL/Stable to JUP/JLP/jupSOL)', SOL, JUPSOL],
      ['Pegged assets (LST-LST, Stable-Stable)', USDC, USDT],
      ['Pegged assets (LST-LST, Stable-Stable)', PYUSD, USDC],
      ['Pegged assets (LST-LST, Stable-Stable)', MSOL, JITOSOL],
      ['SOL-Stable', SOL, USDC],
      ['SOL-Stable', USDT, SOL],
      ['LST-Stable', MSOL, USDC],
      ['LST-Stable', PYUSD, JITOSOL],
      ['Everything else', BONK, USDC],
      ['Everything else', SOL, BONK],
      // Selling Jupiter's tokens is not buying them.
      ['Everything else', JUP, SOL],
      ['Everything else', SOL, MSOL],
    ];
    for (const [row, input, output] of cases) {
      expect(jupiterPairFee(input, output, { now }).bps, `${row}: ${input} → ${output}`).toBe(
        table.get(row),
      );
    }
  });

  it('charges 50 bps only for a token the wallet knows is under a day old', () => {
    const young = (mint: string) => (mint === WIF ? hoursAgo(3) : null);
    const old = (mint: string) => (mint === WIF ? hoursAgo(25) : null);
    const newRow = table.get('New tokens (within 24 hours of token age)');
    expect(jupiterPairFee(SOL, WIF, { now, firstPoolAt: young })).toEqual({
      bps: newRow,
      row: 'tokens under a day old',
    });
    expect(jupiterPairFee(WIF, USDC, { now, firstPoolAt: young }).bps).toBe(newRow);
    expect(jupiterPairFee(SOL, WIF, { now, firstPoolAt: old }).bps).toBe(10);
    // Its age unknown: read as older (the lower cap is the person's safe reading).
    expect(jupiterPairFee(SOL, WIF, { now }).bps).toBe(10);
    // A named token is never "new", whatever a directory says of it.
    expect(jupiterPairFee(SOL, USDC, { now, firstPoolAt: () => hoursAgo(1) }).bps).toBe(2);
  });

  it('takes the fee in SOL, then a stablecoin, then an LST, else the input', () => {
    expect(jupiterFeeMint(USDC, SOL)).toBe(SOL);
    expect(jupiterFeeMint(BONK, USDC)).toBe(USDC);
    expect(jupiterFeeMint(PYUSD, BONK)).toBe(PYUSD);
    expect(jupiterFeeMint(BONK, MSOL)).toBe(MSOL);
    expect(jupiterFeeMint(BONK, WIF)).toBe(BONK);
  });
});
