/**
 * The swap flow end to end in main: the real composition root (every handler behind the real
 * registry and the contract's strict schemas), the real review, the real OS keychain
 * (gnome-keyring in the test's D-Bus session, as scripts/test.mjs runs it) and a real sandbox
 * process. Create an account, fund it, quote SOL -> USDC, review, approve (twice at once),
 * see Confirmed and the balances move as the review said; tampered bytes, an expired ticket
 * and an expired blockhash are refused with nothing sent. Restarts: activity-restart.test.ts.
 */
import { createHash } from 'node:crypto';
import { Connection, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { useFundedWallet } from './funded-wallet-session';
import { quoteAndReview, SOL, statusOf, tokenAmount, until, USDC } from './swap-flow-wallet';

const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

let skewMs = 0;

const session = useFundedWallet('swap-flow', {
  accountName: 'Swapper',
  // Fast slots: a blockhash lives 150 x 80 ms = 12 s (room for a loaded machine), so expiry
  // tests take seconds.
  slotMs: 80,
  now: () => Date.now() + skewMs,
});

describe('swap flow against the sandbox', () => {
  it('offers the sandbox tokens and reads a pasted mint from the chain', async () => {
    const tokens = await session.wallet.call('tokens.list', {});
    expect(tokens.map((t) => t.symbol)).toEqual(expect.arrayContaining(['SOL', 'USDC', 'PYUSD']));
    expect(await session.wallet.call('tokens.lookup', { mint: PYUSD })).toEqual({
      mint: PYUSD,
      symbol: 'PYUSD',
      name: 'PayPal USD',
      decimals: 6,
      tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      // Decimals and program from the mint account, names and the verified mark from the
      // sandbox's token API.
      source: 'api',
      verified: true,
      hasLogo: true,
    });
    expect(await session.wallet.refusal('tokens.lookup', { mint: session.address })).toMatchObject({
      code: 'TOKEN_NOT_FOUND',
      message: expect.stringMatching(/not a token mint/),
    });
  });

  it('swaps SOL to USDC: one send for a double click, Confirmed, balances as reviewed', async () => {
    const before = await session.wallet.call('balances.get', { address: session.address });
    const { quote, ticket } = await quoteAndReview(session.wallet);
    expect(quote).toMatchObject({ inputMint: SOL, outputMint: USDC, inAmount: '100000000' });
    expect(quote.minimumReceived).toBe(quote.otherAmountThreshold);
    expect(BigInt(quote.minimumReceived!)).toBeLessThan(BigInt(quote.outAmount));
    expect(quote.route.at(-1)?.outputMint).toBe(USDC);
    expect(Date.parse(quote.quotedAt)).toBeLessThanOrEqual(Date.now());

    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.accepted).toBe(true);
    const unsigned = VersionedTransaction.deserialize(
      Buffer.from(ticket.transactionBase64, 'base64'),
    );
    const message = unsigned.message.serialize();
    expect(ticket.messageHash).toBe(createHash('sha256').update(message).digest('hex'));
    expect(ticket.report.messageSha256).toBe(ticket.messageHash);
    expect(unsigned.message.staticAccountKeys[0]?.toBase58()).toBe(session.address);
    expect(unsigned.signatures[0]?.every((byte) => byte === 0)).toBe(true);

    const sendsBefore = session.wallet.sends();
    const approve = { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 };
    const [first, second] = await Promise.all([
      session.wallet.call('swap.approve', approve),
      session.wallet.call('swap.approve', approve),
    ]);
    expect(second).toEqual(first);
    const status = await statusOf(session.wallet, first.signature);
    expect(status).toMatchObject({
      status: 'confirmed',
      error: null,
      activityId: first.activityId,
    });
    expect(await session.wallet.call('swap.approve', approve)).toEqual(first);
    expect(session.wallet.sends() - sendsBefore).toBe(1);

    const after = await session.wallet.call('balances.get', { address: session.address });
    const received = tokenAmount(after, USDC) - tokenAmount(before, USDC);
    expect(received).toBeGreaterThanOrEqual(BigInt(quote.minimumReceived!));
    // The output lands in the person's own USDC account (the swap's destination row).
    const reviewed = ticket.report.balanceChanges.find(
      (c) => c.mint === USDC && c.owner === session.address,
    );
    expect(reviewed && BigInt(reviewed.change)).toBe(received);
    const reviewedSol = ticket.report.balanceChanges.find(
      (c) => c.role === 'user' && c.mint === null,
    );
    expect(reviewedSol && BigInt(reviewedSol.change)).toBe(
      BigInt(after.lamports) - BigInt(before.lamports),
    );

    const activity = await session.wallet.call('activity.list', {});
    expect(activity.filter((e) => e.signature === first.signature)).toEqual([
      expect.objectContaining({
        id: first.activityId,
        kind: 'swap',
        networkId: 'sandbox',
        account: session.address,
        status: 'confirmed',
        inputMint: SOL,
        outputMint: USDC,
        inAmount: '100000000',
        outAmount: quote.outAmount,
        otherAmountThreshold: quote.otherAmountThreshold,
        explorerUrl: null,
      }),
    ]);
  });

  it('pays exactly 5 USDC with an ExactOut swap, direct route and a priority fee', async () => {
    const before = await session.wallet.call('balances.get', { address: session.address });
    const quote = await session.wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '5000000',
      swapMode: 'ExactOut',
      slippage: { bps: 50 },
      options: { onlyDirectRoutes: true, priorityFee: { kind: 'lamports', lamports: '20000' } },
    });
    expect(quote).toMatchObject({
      swapMode: 'ExactOut',
      outAmount: '5000000',
      minimumReceived: null,
    });
    expect(quote.route).toHaveLength(1);
    expect(BigInt(quote.maximumSpent!)).toBeGreaterThanOrEqual(BigInt(quote.inAmount));
    const ticket = await session.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(BigInt(ticket.report.networkFee.priorityLamports)).toBeLessThanOrEqual(20_000n);
    const submission = await session.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await statusOf(session.wallet, submission.signature)).status).toBe('confirmed');
    const after = await session.wallet.call('balances.get', { address: session.address });
    expect(tokenAmount(after, USDC) - tokenAmount(before, USDC)).toBe(5_000_000n);
  });

  it('refuses bytes changed after the review, sending nothing', async () => {
    const { ticket } = await quoteAndReview(session.wallet);
    const bytes = Buffer.from(ticket.transactionBase64, 'base64');
    bytes[bytes.length - 3] ^= 0x01;
    const sendsBefore = session.wallet.sends();
    expect(
      await session.wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: bytes.toString('base64'),
      }),
    ).toEqual({
      code: 'TICKET_MISMATCH',
      message:
        'The transaction changed after you reviewed it; nothing was signed. Review the swap again.',
    });
    expect(session.wallet.sends()).toBe(sendsBefore);
  });

  it('refuses an expired ticket and points to a fresh quote', async () => {
    const { ticket } = await quoteAndReview(session.wallet);
    skewMs = 61_000;
    try {
      const refused = await session.wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect(refused.code).toBe('TICKET_EXPIRED');
      expect(refused.message).toMatch(/Get a fresh quote/);
    } finally {
      skewMs = 0;
    }
  });

  it('signs and sends a legacy transaction when asked for one', async () => {
    const quote = await session.wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '20000000',
      slippage: { bps: 100 },
      options: { asLegacyTransaction: true },
    });
    const ticket = await session.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.format).toBe('legacy');
    expect(ticket.report.refusals).toEqual([]);
    const submission = await session.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await statusOf(session.wallet, submission.signature)).status).toBe('confirmed');
  });

  it('refuses to sign once the reviewed blockhash has expired, sending nothing', async () => {
    const { ticket } = await quoteAndReview(session.wallet);
    const connection = new Connection(session.sandbox.rpcUrl, 'confirmed');
    await until(
      'the block height',
      () => connection.getBlockHeight('confirmed'),
      (height) => height > ticket.lastValidBlockHeight,
    );
    const sendsBefore = session.wallet.sends();
    const refused = await session.wallet.refusal('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(refused).toEqual({
      code: 'TICKET_EXPIRED',
      message:
        'The transaction you reviewed can no longer land: its blockhash has expired. Get a fresh quote and review it again; nothing was signed.',
    });
    expect(session.wallet.sends()).toBe(sendsBefore);
  });

  it('answers the status of a transaction the session.wallet did not send from the network', async () => {
    const { signatures } = await session.wallet.call('sandbox.fund', { address: session.address });
    expect(await session.wallet.call('swap.status', { signature: signatures[0]! })).toEqual({
      signature: signatures[0],
      status: 'confirmed',
      error: null,
      activityId: null,
      explorerUrl: null,
    });
    expect(
      await session.wallet.refusal('swap.status', { signature: '1'.repeat(88) }),
    ).toMatchObject({
      code: 'TRANSACTION_NOT_FOUND',
    });
  });

  it('keeps the contract strict: amounts as decimal strings, no unknown fields', async () => {
    expect(
      await session.wallet.refusal('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: 100000000,
        slippage: { bps: 50 },
      }),
    ).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(
      await session.wallet.refusal('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: '1e8',
        slippage: { bps: 50 },
        extra: true,
      }),
    ).toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
