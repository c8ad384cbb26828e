/**
 * A real JupiterZ fill of mainnet (transaction 5vBFfT…, slot 367,689,024): its instructions and
 * balance changes as Helius answered them, recorded in rotki/rotki's tests
 * (test/fixtures/real-world/swap-v2/rotki_rotki@helius-test__jupiterz-fill-5vBFfT.json). The
 * taker 7T8c… sold 287,442 base units of 7vfC… to the market maker 7rhx… for exactly
 * 52,708,178 lamports, paid to its wallet (no token account: native SOL); the maker co-signed
 * and paid the network fee (a gasless fill).
 *
 * The compiled message was not recorded: it is rebuilt here from the real instructions (their
 * data and accounts verbatim, the maker first as fee payer), and the states before and after
 * follow the recorded balance changes. The guard reads the fill as the taker's counterparty
 * paying them and, the maker being the co-signer the /order answer names, accepts its paying
 * the network fee (a gasless fill: none of it from the taker's SOL); the same bytes with the
 * maker not awaited are refused.
 */
import bs58 from 'bs58';
import {
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { realWorldJson } from '../../test/fixtures/real-world';
import { mintAccount, systemAccount, tokenAccount } from '../../test/fixtures/review-scenarios';
import type { AccountState } from './account-state';
import { assembleFacts, reportOf } from './assemble';
import { decodeOrderEngine } from './decode-order-engine';
import { decodeMessage } from './message';
import { readTransactionWire } from '../shared/transaction-wire';
import type { SwapIntent } from './types';

interface Recorded {
  feePayer: string;
  instructions: { accounts: string[]; data: string; programId: string }[];
}
const real = realWorldJson<Recorded>('swap-v2/rotki_rotki@helius-test__jupiterz-fill-5vBFfT.json');
const TAKER = '7T8ckKtdc5DH7ACS5AnCny7rVXYJPEsaAbdBri1FhPxY';
const MAKER = '7rhxnLV8C77o6d8oz26AgK8x8m5ePsdeRawjqvojbjnQ';
const TAKER_IN = 'DEN9VJCeUhyvHR4y5VruahjkqcZHZopyXjdCi9tY8iY';
const MAKER_IN = 'HgLC8cAuUgrt9d2MVmGUiUWgwo2bs7wcaTvWSP2znmcQ';
const MAKER_OUT = 'BJqrMMVFrMTM9V93w2JN2uv73WX9JxZgEbbFdevWEt6x';
const MINT = '7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs';
const WSOL = 'So11111111111111111111111111111111111111112';
const fill = real.instructions[2]!;

describe('the real JupiterZ fill (mainnet 5vBFfT…)', () => {
  it('decodes as the order engine fills: exact amounts both ways, the output to the wallet', () => {
    expect(decodeOrderEngine(bs58.decode(fill.data), fill.accounts as Address[])).toEqual({
      kind: 'jupiterzFill',
      taker: TAKER,
      maker: MAKER,
      takerInput: TAKER_IN,
      makerInput: MAKER_IN,
      takerOutput: null, // the program's own id: native SOL to the taker's wallet
      makerOutput: MAKER_OUT,
      inputMint: MINT,
      outputMint: WSOL,
      // What the recorded balance changes show moving.
      inputAmount: 287_442n,
      outputAmount: 52_708_178n,
      expireAt: expect.any(BigInt),
    });
  });

  it('is read as the taker’s counterparty paying them, and its paying the network fee is accepted', async () => {
    const signer = (address: string) => address === TAKER || address === MAKER;
    const instructions = real.instructions.map(
      (ix) =>
        new TransactionInstruction({
          programId: new PublicKey(ix.programId),
          keys: ix.accounts.map((address, index) => ({
            pubkey: new PublicKey(address),
            isSigner: ix === fill && index < 2 && signer(address),
            // The fill's first six accounts are writable (IDL); the rest are read.
            isWritable: ix === fill && index < 6 && address !== ix.programId,
          })),
          data: Buffer.from(bs58.decode(ix.data)),
        }),
    );
    const compiled = new TransactionMessage({
      payerKey: new PublicKey(real.feePayer),
      recentBlockhash: bs58.encode(new Uint8Array(32).fill(7)),
      instructions,
    }).compileToV0Message();
    const message = await decodeMessage(
      readTransactionWire(new VersionedTransaction(compiled).serialize()),
      {
        getAddressLookupTable: async () => ({ context: { slot: 1 }, value: null }),
      },
    );
    const pre: Record<string, AccountState | null> = {
      [TAKER]: systemAccount(100_000_000n),
      [MAKER]: systemAccount(5_000_000_000n),
      [TAKER_IN]: tokenAccount(new PublicKey(MINT), new PublicKey(TAKER), 1_000_000n),
      [MAKER_IN]: tokenAccount(new PublicKey(MINT), new PublicKey(MAKER), 0n),
      [MAKER_OUT]: tokenAccount(new PublicKey(WSOL), new PublicKey(MAKER), 60_000_000n, {
        native: true,
      }),
      [MINT]: mintAccount(8),
      [WSOL]: mintAccount(9),
    };
    const post: Record<string, AccountState | null> = {
      [TAKER]: systemAccount(100_000_000n + 52_708_178n),
      [MAKER]: systemAccount(5_000_000_000n - 10_195n),
      [TAKER_IN]: tokenAccount(new PublicKey(MINT), new PublicKey(TAKER), 1_000_000n - 287_442n),
      [MAKER_IN]: tokenAccount(new PublicKey(MINT), new PublicKey(MAKER), 287_442n),
      [MAKER_OUT]: tokenAccount(
        new PublicKey(WSOL),
        new PublicKey(MAKER),
        60_000_000n - 52_708_178n,
        {
          native: true,
        },
      ),
    };
    const intent: SwapIntent = {
      swapMode: 'ExactIn',
      inputMint: MINT as Address,
      outputMint: WSOL as Address,
      inAmount: 287_442n,
      outAmount: 52_708_178n,
      otherAmountThreshold: 52_708_178n,
      amount: 287_442n,
      slippageBps: 0,
      platformFee: null,
      feeAccount: null,
      destinationTokenAccount: null,
      maxPriorityFeeLamports: 10_000n,
    };
    const preMap = new Map(Object.entries(pre));
    const reviewed = (awaited: Address[]) =>
      reportOf(
        assembleFacts({
          user: TAKER as Address,
          intent,
          message,
          pre: preMap,
          post: new Map(Object.entries(post)),
          simulation: { ok: true, error: null, reason: null, logs: [], unitsConsumed: 40_000 },
          blockHeight: 100,
          lastValidBlockHeight: 250,
          allowJupiter: true,
          expectedDestination: TAKER as Address,
          mintStates: preMap,
          awaitedCosigners: awaited,
        }),
      );
    const report = reviewed([MAKER as Address]);
    const verdict = (rule: string) => report.verdicts.find((v) => v.rule === rule);
    expect(verdict('programs')?.ok).toBe(true);
    expect(verdict('awaited-signers')?.ok).toBe(true);
    expect(verdict('onchain-bound')?.ok).toBe(true);
    expect(report.instructions[2]?.summary).toMatch(
      /^JupiterZ fill: market maker 7rhx…bjnQ pays 7T8c…hPxY exactly 0\.052708178 SOL for exactly/,
    );
    expect(verdict('fee-payer')).toMatchObject({
      ok: true,
      reason: expect.stringMatching(/paid by the market maker 7rhx…bjnQ, which fills your swap/),
    });
    expect(report.networkFee).toMatchObject({ paidBy: MAKER, paidByYou: false });
    expect(report.refusals).toEqual([]);
    // Not awaited, the maker is a stranger asking to sign and to pay: refused.
    const unnamed = reviewed([]);
    expect(unnamed.refusals.length).toBeGreaterThan(0);
    expect(unnamed.verdicts.find((v) => v.rule === 'fee-payer')?.ok).toBe(false);
  });
});
