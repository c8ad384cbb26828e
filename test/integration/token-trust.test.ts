/**
 * Issue 11 in main against a real sandbox: swaps from USDC into each warning token, reviewed
 * by the real composition root (directory, prices, review, ticket book). Each warning is there
 * with its sentence; the dangerous ones (permanent delegate, unverified output) are refused at
 * approve until acknowledged; the transfer-fee token arrives less its fee, as the review said;
 * the directory, the prices and the logos answer from the sandbox in the real APIs' shapes.
 */
import { describe, expect, it } from 'vitest';
import { useFundedWallet } from './funded-wallet-session';
import { statusOf, tokenAmount, USDC, SOL } from './swap-flow-wallet';

const TFEE = '4AVWP3Tbjcrgr7mLp7RVqUTiZAE5y8YNDamyBP1HUXFk';
const PDLG = 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi';
const FRZ = 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC';
const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';

const session = useFundedWallet('token-trust', { accountName: 'Trader', slotMs: 80 });

async function review(outputMint: string, amount = '10000000') {
  const quote = await session.wallet.call('swap.quote', {
    inputMint: USDC,
    outputMint,
    amount,
    slippage: { bps: 100 },
  });
  return { quote, ticket: await session.wallet.call('swap.review', { quoteId: quote.quoteId }) };
}

describe('token trust against the sandbox', () => {
  it('lists verified tokens, finds UNVR by search, marks it, and prices from the pools', async () => {
    const list = await session.wallet.call('tokens.list', {});
    expect(list.map((t) => t.symbol)).toEqual(expect.arrayContaining(['TFEE', 'PDLG', 'FRZ']));
    expect(list.some((t) => t.mint === UNVR)).toBe(false);
    const found = await session.wallet.call('tokens.search', { query: 'unvr' });
    expect(found).toEqual([
      expect.objectContaining({ mint: UNVR, symbol: 'UNVR', verified: false, source: 'api' }),
    ]);
    // A pasted UNVR mint: decimals from the chain, name and (no) verified mark from the directory.
    expect(await session.wallet.call('tokens.lookup', { mint: UNVR })).toMatchObject({
      symbol: 'UNVR',
      decimals: 6,
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      verified: false,
    });
    const prices = await session.wallet.call('prices.get', { mints: [SOL, USDC, PDLG, UNVR] });
    expect(prices[USDC]).toMatchObject({ usdPrice: '1', status: 'fresh' });
    expect(prices[PDLG]?.usdPrice).toBe('2');
    expect(prices[UNVR]?.usdPrice).toBe('0.01');
    expect(prices[UNVR]?.source).toBe('service'); // no Pyth feed: the pools' price
    // SOL has a Pyth feed: prices.get answers Pyth's price (issue 25), the sandbox's market
    // swinging ±0.4% around the 150 the pools were seeded at.
    expect(prices[SOL]?.source).toBe('oracle');
    expect(Math.abs(Number(prices[SOL]?.usdPrice) - 150)).toBeLessThan(1);
    // Logos: a real PNG from the sandbox as data:, and UNVR's script-carrying SVG refused.
    expect((await session.wallet.call('tokens.logo', { mint: PDLG })).dataUrl).toMatch(
      /^data:image\/png;base64,iVBORw0KGgo/,
    );
    expect(await session.wallet.call('tokens.logo', { mint: UNVR })).toEqual({ dataUrl: null });
  });

  it('PDLG: the permanent delegate must be acknowledged before main signs', async () => {
    const { ticket } = await review(PDLG);
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.tokenWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'permanent-delegate', mint: PDLG, mustAcknowledge: true }),
        expect.objectContaining({ kind: 'mint-authority', mint: PDLG, mustAcknowledge: false }),
      ]),
    );
    const approve = { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 };
    expect(await session.wallet.refusal('swap.approve', approve)).toMatchObject({
      code: 'RISK_NOT_ACKNOWLEDGED',
    });
    const submitted = await session.wallet.call('swap.approve', {
      ...approve,
      risksAcknowledged: true,
    });
    expect((await statusOf(session.wallet, submitted.signature)).status).toBe('confirmed');
  });

  it('UNVR: an unverified output token must be acknowledged', async () => {
    const { ticket } = await review(UNVR);
    const [first] = ticket.report.tokenWarnings;
    expect(first).toMatchObject({ kind: 'unverified', mint: UNVR, mustAcknowledge: true });
    expect(first?.sentence).toMatch(/^UNVR is not on the verified token list/);
    expect(
      await session.wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      }),
    ).toMatchObject({ code: 'RISK_NOT_ACKNOWLEDGED' });
  });

  it('FRZ: the freeze authority is a caution; the swap goes through without acknowledgement', async () => {
    const { ticket } = await review(FRZ);
    expect(ticket.report.tokenWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'freeze-authority', mint: FRZ, mustAcknowledge: false }),
      ]),
    );
    expect(ticket.report.tokenWarnings.some((w) => w.mustAcknowledge)).toBe(false);
    const submitted = await session.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await statusOf(session.wallet, submitted.signature)).status).toBe('confirmed');
  });

  it('TFEE: the transfer fee is told, and the tokens arrive less the fee, as reviewed', async () => {
    const before = tokenAmount(
      await session.wallet.call('balances.get', { address: session.address }),
      TFEE,
    );
    const { quote, ticket } = await review(TFEE);
    const fee = ticket.report.tokenWarnings.find((w) => w.kind === 'transfer-fee');
    expect(fee).toMatchObject({ mint: TFEE, mustAcknowledge: false });
    expect(fee?.sentence).toMatch(/0\.1%/);
    const reviewed = ticket.report.balanceChanges
      .filter((c) => c.mint === TFEE && c.owner === session.address)
      .reduce((sum, c) => sum + BigInt(c.change), 0n);
    // The Token-2022 program withholds 10 bps of what CP-Swap pays out; the sandbox's quote,
    // with the program's own arithmetic, already says what arrives.
    expect(reviewed).toBe(BigInt(quote.outAmount));
    const submitted = await session.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await statusOf(session.wallet, submitted.signature)).status).toBe('confirmed');
    const after = tokenAmount(
      await session.wallet.call('balances.get', { address: session.address }),
      TFEE,
    );
    expect(after - before).toBe(reviewed);
  });
});
