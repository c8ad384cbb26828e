/**
 * POST /swap-instructions against a real sandbox process running Raydium CP-Swap: a wallet
 * composes the instructions, a Memo and a TransferChecked with two reference keys into one v0
 * transaction signed by the user alone, as a Solana Pay invoice needs; the merchant gains
 * exactly the invoice and finds the payment by its references. Nothing is settled in advance:
 * the program moves the tokens when the person's transaction runs. ExactIn and ExactOut, SOL in
 * (wrap) and out (unwrap), a token input over two hops, platform fees on either side,
 * destinationTokenAccount, and a Token-2022 output.
 */
import { Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
import {
  ataOf,
  BONK,
  CP_SWAP_PROGRAM,
  faucet,
  getJson,
  JUP,
  operatorFeeAccount,
  PYUSD,
  SOL,
  USDC,
  USDT,
  waitFor,
} from './sandbox-swap-fixtures';
import {
  invoiceInstructions,
  signAsUser,
  swapInstructions,
  swapPart,
} from './sandbox-swap-instructions-helpers';

const sandbox = useSandbox();

type Quote = Record<string, unknown> & {
  inAmount: string;
  outAmount: string;
  otherAmountThreshold: string;
  routePlan: { swapInfo: Record<string, string>; percent: number }[];
};

/**
 * A quote over CP-Swap, whose instructions this file reads to the byte: Raydium AMM v4's pools
 * (issue 33) are left out (its own instructions: sandbox-cp-swap-routes.test.ts).
 */
async function quote(query: string): Promise<Quote> {
  const { status, body } = await getJson(
    `${sandbox.swapApiUrl}/quote?${query}&excludeDexes=Raydium`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Quote;
}

/** A merchant wallet with an existing token account for `mint` (holding 1 base unit). */
async function merchant(mint: string): Promise<PublicKey> {
  const owner = Keypair.generate().publicKey;
  await faucet(sandbox.rpcUrl, owner, mint, 1n);
  return ataOf(owner, mint);
}

async function send(tx: { serialize(): Uint8Array }): Promise<string> {
  const signature = await sandbox.connection.sendRawTransaction(tx.serialize());
  await waitFor(sandbox.connection, signature);
  return signature;
}

describe('POST /swap-instructions composed by a wallet', () => {
  it('pays a 12.5 USDC invoice from SOL (ExactOut, wrap) in one user-signed transaction with two references', async () => {
    const user = await sandbox.fundedUser(10);
    const shop = await merchant(USDC);
    const references = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=12500000&swapMode=ExactOut`);
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      dynamicComputeUnitLimit: true, // sized by simulation, with room for the invoice's two
    });
    expect(body.addressLookupTableAddresses).toEqual([]);
    expect(body.computeUnitLimit).toBeLessThan(200_000);
    expect(body.lastValidBlockHeight).toBeGreaterThan(await sandbox.connection.getBlockHeight());
    // The swap is CP-Swap's swap_base_output (discriminator 37d96256a34ab4ad), for exactly the
    // invoice, the person its only signer.
    expect(body.swapInstruction.programId).toBe(CP_SWAP_PROGRAM);
    const data = Buffer.from(body.swapInstruction.data, 'base64');
    expect(data.subarray(0, 8).toString('hex')).toBe('37d96256a34ab4ad');
    expect(data.readBigUInt64LE(16)).toBe(12_500_000n);
    expect(body.swapInstruction.accounts.filter((a) => a.isSigner).map((a) => a.pubkey)).toEqual([
      user.publicKey.toBase58(),
    ]);

    const lamportsBefore = BigInt(await sandbox.connection.getBalance(user.publicKey));
    const before = await sandbox.tokenBalance(shop);
    const usdc = ataOf(user.publicKey, USDC);
    const invoice = invoiceInstructions(
      {
        mint: USDC,
        decimals: 6,
        from: usdc,
        merchantAccount: shop,
        amount: 12_500_000n,
        references,
        memo: 'order 1234',
      },
      user.publicKey,
    );
    const instructions = [...swapPart(body), ...invoice];
    const tx = await signAsUser(sandbox.connection, user, instructions);
    const signature = await send(tx);

    expect((await sandbox.tokenBalance(shop)) - before).toBe(12_500_000n);
    expect(await sandbox.tokenBalance(usdc)).toBe(0n);
    for (const reference of references) {
      const found = await sandbox.connection.getSignaturesForAddress(reference);
      expect(found.map((s) => s.signature)).toEqual([signature]);
    }
    // The merchant's check: the last instruction is the TransferChecked with the references.
    const confirmed = await sandbox.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    const keys = confirmed?.transaction.message.staticAccountKeys.map((k) => k.toBase58()) ?? [];
    const last = confirmed?.transaction.message.compiledInstructions.at(-1);
    expect(last?.accountKeyIndexes.slice(-2).map((i) => keys[i])).toEqual(
      references.map((r) => r.toBase58()),
    );
    // The SOL spent stays within the quote's maximum plus fees and the USDC account's rent.
    const spent = lamportsBefore - BigInt(await sandbox.connection.getBalance(user.publicKey));
    expect(spent).toBeLessThanOrEqual(BigInt(q.otherAmountThreshold) + 2_100_000n + 20_000n);

    // The program ran, and its payout is an inner transfer, inside CP-Swap's instruction.
    const logs = confirmed?.meta?.logMessages ?? [];
    expect(logs).toContain(`Program ${CP_SWAP_PROGRAM} invoke [1]`);
    expect(logs).toContain('Program log: Instruction: SwapBaseOutput');
    expect(confirmed?.meta?.innerInstructions?.length).toBeGreaterThan(0);
  });

  it('pays from a token over several hops (ExactIn BONK → JUP), the invoice being the minimum output', async () => {
    const user = await sandbox.fundedUser(1, { [BONK]: 50_000_000_000n });
    const q = await quote(`inputMint=${BONK}&outputMint=${JUP}&amount=40000000000`);
    const hops = new Set(q.routePlan.map((step) => step.swapInfo.inputMint));
    // Two middle tokens or one: since issue 33 the router takes BONK > SOL > USDC > JUP.
    expect(hops.size).toBeGreaterThanOrEqual(2);
    const shop = await merchant(JUP);
    const reference = Keypair.generate().publicKey;
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
    });
    // One CP-Swap swap per leg of the route, the pools named as the quote names them.
    const swaps = [...body.setupInstructions, body.swapInstruction].filter(
      (ix) => ix.programId === CP_SWAP_PROGRAM,
    );
    expect(swaps.map((ix) => ix.accounts[3]?.pubkey)).toEqual(
      q.routePlan.map((step) => step.swapInfo.ammKey),
    );
    const before = await sandbox.tokenBalance(shop);
    const jup = ataOf(user.publicKey, JUP);
    const amount = BigInt(q.otherAmountThreshold);
    const invoice = invoiceInstructions(
      {
        mint: JUP,
        decimals: 6,
        from: jup,
        merchantAccount: shop,
        amount,
        references: [reference],
        memo: 'two hops',
      },
      user.publicKey,
    );
    // Three CP-Swap calls leave no room inline for the invoice: the answer names the table.
    if (hops.size === 3) expect(body.addressLookupTableAddresses).toHaveLength(1);
    const signature = await send(
      await signAsUser(
        sandbox.connection,
        user,
        [...swapPart(body), ...invoice],
        body.addressLookupTableAddresses,
      ),
    );
    expect((await sandbox.tokenBalance(shop)) - before).toBe(amount);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, BONK))).toBe(10_000_000_000n);
    // Nothing moved against the quote: the user keeps exactly outAmount minus the invoice.
    expect(await sandbox.tokenBalance(jup)).toBe(BigInt(q.outAmount) - amount);
    expect((await sandbox.connection.getSignaturesForAddress(reference))[0]?.signature).toBe(
      signature,
    );
  });

  it('takes a platform fee on either side (97.5% / 2.5%) and unwraps SOL out', async () => {
    const user = await sandbox.fundedUser(1, { [USDC]: 500_000_000n });
    const feeOwner = Keypair.generate().publicKey;
    await faucet(sandbox.rpcUrl, feeOwner, USDC, 1n);
    const feeAccount = ataOf(feeOwner, USDC);
    const operator = operatorFeeAccount(USDC);
    // USDC → SOL ExactIn, fee in USDC (the input mint) ...
    const q = await quote(
      `inputMint=${USDC}&outputMint=${SOL}&amount=300000000&platformFeeBps=100`,
    );
    const feeBefore = await sandbox.tokenBalance(feeAccount);
    const opBefore = await sandbox.tokenBalance(operator);
    const lamportsBefore = BigInt(await sandbox.connection.getBalance(user.publicKey));
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      feeAccount: feeAccount.toBase58(),
    });
    await send(await signAsUser(sandbox.connection, user, swapPart(body)));
    const fee = (300_000_000n * 100n) / 10_000n;
    const feeGain = (await sandbox.tokenBalance(feeAccount)) - feeBefore;
    const opGain = (await sandbox.tokenBalance(operator)) - opBefore;
    expect(feeGain + opGain).toBe(fee);
    expect(opGain).toBe((fee * 25n) / 1000n);
    // SOL arrives unwrapped: the wSOL account is closed and the lamports are the user's.
    expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, SOL))).toBeNull();
    const gained = BigInt(await sandbox.connection.getBalance(user.publicKey)) - lamportsBefore;
    expect(gained + 5_000n).toBeGreaterThanOrEqual(BigInt(q.otherAmountThreshold));

    // ... and SOL → USDC ExactIn with the fee in USDC (the output mint): the person pays it out
    // of the output after the swap.
    const q2 = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=100000000&platformFeeBps=50`,
    );
    const feeBefore2 = await sandbox.tokenBalance(feeAccount);
    const body2 = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q2,
      userPublicKey: user.publicKey.toBase58(),
      feeAccount: feeAccount.toBase58(),
    });
    const usdcBefore = await sandbox.tokenBalance(ataOf(user.publicKey, USDC));
    await send(await signAsUser(sandbox.connection, user, swapPart(body2)));
    const platform = BigInt((q2.platformFee as { amount: string }).amount);
    expect((await sandbox.tokenBalance(feeAccount)) - feeBefore2).toBe(
      platform - (platform * 25n) / 1000n,
    );
    expect((await sandbox.tokenBalance(ataOf(user.publicKey, USDC))) - usdcBefore).toBe(
      BigInt(q2.outAmount),
    );
  });

  it('ExactOut into destinationTokenAccount with an input-side fee delivers exactly the amount', async () => {
    const user = await sandbox.fundedUser(1, { [USDT]: 100_000_000n });
    const shop = await merchant(USDC);
    const feeOwner = Keypair.generate().publicKey;
    await faucet(sandbox.rpcUrl, feeOwner, USDT, 1n);
    const feeAccount = ataOf(feeOwner, USDT);
    const q = await quote(
      // CP-Swap's account order below: CLMM (sandbox-clmm-routes.test.ts) is left out by name.
      `inputMint=${USDT}&outputMint=${USDC}&amount=25000000&swapMode=ExactOut&platformFeeBps=20&dexes=Raydium%20CPMM`,
    );
    const before = await sandbox.tokenBalance(shop);
    const feeBefore = await sandbox.tokenBalance(feeAccount);
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      feeAccount: feeAccount.toBase58(),
      destinationTokenAccount: shop.toBase58(),
    });
    // CP-Swap pays the merchant's account directly (the swap's output account, its sixth).
    expect(body.swapInstruction.accounts[5]?.pubkey).toBe(shop.toBase58());
    await send(await signAsUser(sandbox.connection, user, swapPart(body)));
    expect((await sandbox.tokenBalance(shop)) - before).toBe(25_000_000n);
    const spent = 100_000_000n - (await sandbox.tokenBalance(ataOf(user.publicKey, USDT)));
    expect(spent).toBe(BigInt(q.inAmount));
    expect(spent).toBeLessThanOrEqual(BigInt(q.otherAmountThreshold));
    const platform = BigInt((q.platformFee as { amount: string }).amount);
    expect((await sandbox.tokenBalance(feeAccount)) - feeBefore).toBe(
      platform - (platform * 25n) / 1000n,
    );
  });

  it('delivers a Token-2022 output (PYUSD), CP-Swap paying out through Token-2022', async () => {
    const user = await sandbox.fundedUser(1, { [USDC]: 50_000_000n });
    const q = await quote(`inputMint=${USDC}&outputMint=${PYUSD}&amount=20000000`);
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
    });
    expect(body.swapInstruction.programId).toBe(CP_SWAP_PROGRAM);
    // the output token program, the swap's tenth account
    expect(body.swapInstruction.accounts[9]?.pubkey).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    await send(await signAsUser(sandbox.connection, user, swapPart(body)));
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, PYUSD))).toBe(BigInt(q.outAmount));
  });
});
