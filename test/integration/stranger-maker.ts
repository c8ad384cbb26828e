/**
 * The stranger "market maker" of issue 32 point 2, shared by the v2 (/order) and v6 (/swap)
 * cases: a hostile service rewrites the sandbox market maker's fill (USDC → PDLG, which only the
 * maker trades) so that a stranger key stands in the maker's place, pays the person 1 base unit
 * of PDLG and takes the person's whole USDC input. Every other instruction is the sandbox's own.
 */
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { formatUnits } from '../../main/shared/amount';
import { shortAddress } from '../../main/review/words';
import {
  closeTransaction,
  legInstruction,
  openTransaction,
  transferLegs,
  userLeg,
} from '../fixtures/tamper/rebuild';
import { expect } from 'vitest';
import type { ReviewTicketView } from '../../preload/api-types';
import { until } from './swap-flow-wallet';
import { ataOf, tokenBalance, USDC, type PaySession } from './pay-helpers';

export const PDLG = 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi';
/** What the person (and the twin) swaps: 10 USDC. */
export const AMOUNT = 10_000_000n;
/** The stranger the hostile answers name as the market maker. */
export const STRANGER = Keypair.generate();
export const strangerUsdc = new PublicKey(ataOf(STRANGER.publicKey.toBase58(), USDC));
export const pdlgOf = (owner: PublicKey) =>
  getAssociatedTokenAddressSync(new PublicKey(PDLG), owner, false, TOKEN_2022_PROGRAM_ID);

/** The person's swap in these suites, quoted and reviewed: AMOUNT of USDC into PDLG at 1%. */
export async function reviewedSwap(pay: PaySession) {
  const quote = await pay.wallet.call('swap.quote', {
    inputMint: USDC,
    outputMint: PDLG,
    amount: AMOUNT.toString(),
    slippage: { bps: 100 },
  });
  return { quote, ticket: await pay.wallet.call('swap.review', { quoteId: quote.quoteId }) };
}

/** The query string of the same swap asked of the sandbox directly (the twin's), plus `extra`. */
export const swapQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    inputMint: USDC,
    outputMint: PDLG,
    amount: AMOUNT.toString(),
    slippageBps: '100',
    ...extra,
  }).toString();

/**
 * The stranger's means (SOL for the fee, PDLG to pay its 1 base unit, a USDC account) and the
 * twin's (SOL for the fee and the USDC it swaps).
 */
export async function fundStrangerAndTwin(pay: PaySession, twin: Keypair) {
  await pay.airdrop(STRANGER.publicKey.toBase58(), 1_000_000_000);
  await pay.faucet(STRANGER.publicKey.toBase58(), PDLG, 1_000_000n);
  await pay.faucet(STRANGER.publicKey.toBase58(), USDC, 1n);
  await pay.airdrop(twin.publicKey.toBase58(), 1_000_000_000);
  await pay.faucet(twin.publicKey.toBase58(), USDC, AMOUNT);
}

/**
 * Approves the stranger's fill as the person would (risks acknowledged): the guard refuses it,
 * and the person's USDC stays where it was.
 */
export async function expectRefusedKeepingUsdc(pay: PaySession, ticket: ReviewTicketView) {
  const usdcBefore = await pay.tokenBalance(ataOf(pay.payer, USDC));
  const refused = await pay.wallet.refusal('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
    risksAcknowledged: true,
  });
  expect(refused.code).toBe('GUARD_REFUSED');
  expect(await pay.tokenBalance(ataOf(pay.payer, USDC))).toBe(usdcBefore);
}

/**
 * Approves the sandbox maker's own fill (risks acknowledged) and waits for it to leave pending:
 * its status, and the PDLG the person gained.
 */
export async function approveHonestFill(
  pay: PaySession,
  ticket: ReviewTicketView,
): Promise<{ status: string; gained: bigint }> {
  const pdlg = pdlgOf(new PublicKey(pay.payer)).toBase58();
  const before = await pay.tokenBalance(pdlg);
  const swap = await pay.wallet.call('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
    risksAcknowledged: true,
  });
  const { status } = await until(
    'the honest fill',
    () => pay.wallet.call('swap.status', { signature: swap.signature }),
    (s) => s.status !== 'pending',
  );
  return { status, gained: (await pay.tokenBalance(pdlg)) - before };
}

/**
 * The fill with the stranger as its maker: the taker's USDC goes to the stranger's account, the
 * stranger pays 1 base unit of PDLG, and signs (and pays the fee, where the maker did) in the
 * maker's place. `presign`: the stranger's signature is put in the bytes (v6's /swap answer
 * carries the maker's); otherwise its slot stays empty (v2's /execute adds it).
 */
export async function strangerFill(
  connection: Connection,
  base64: string,
  maker: PublicKey,
  taker: PublicKey,
  presign = false,
): Promise<string> {
  const opened = await openTransaction(Buffer.from(base64, 'base64'), connection);
  const pays = transferLegs(opened).find((leg) => leg.authority.equals(maker));
  if (pays === undefined) throw new Error('no leg paid by the market maker');
  const takes = userLeg(opened, taker);
  opened.instructions[pays.index] = legInstruction(pays, {
    source: pdlgOf(STRANGER.publicKey),
    authority: STRANGER.publicKey,
    amount: 1n,
  });
  opened.instructions[takes.index] = legInstruction(takes, { destination: strangerUsdc });
  for (const instruction of opened.instructions) {
    for (const key of instruction.keys)
      if (key.pubkey.equals(maker)) key.pubkey = STRANGER.publicKey;
  }
  if (opened.payer.equals(maker)) opened.payer = STRANGER.publicKey;
  return Buffer.from(closeTransaction(opened, presign ? [STRANGER] : [])).toString('base64');
}

/** The co-signer of `base64` other than `taker`: the market maker. */
export function makerOf(base64: string, taker: PublicKey): PublicKey {
  const { message } = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
  const maker = signers.find((key) => !key.equals(taker));
  if (maker === undefined) throw new Error('the fill has no co-signer');
  return maker;
}

/**
 * Signs `base64` (the tampered fill for `twin`) as the twin and the stranger, sends it and
 * expects it to land: the twin loses its whole input and gets 1 base unit of PDLG.
 */
export async function landOnTwin(connection: Connection, base64: string, twin: Keypair) {
  const tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  tx.sign([twin, STRANGER]);
  const twinUsdc = ataOf(twin.publicKey.toBase58(), USDC);
  const usdcBefore = await tokenBalance(connection, twinUsdc);
  const signature = await connection.sendRawTransaction(tx.serialize());
  const landed = await until(
    'the tampered fill',
    () => connection.getSignatureStatus(signature),
    (s) =>
      s.value?.confirmationStatus === 'confirmed' || s.value?.confirmationStatus === 'finalized',
  );
  return {
    err: landed.value?.err ?? null,
    lost: usdcBefore - (await tokenBalance(connection, twinUsdc)),
    received: await tokenBalance(connection, pdlgOf(twin.publicKey).toBase58()),
  };
}

/** The sentences of the refusal: the stranger is no market maker, and no counterparty. */
export function strangerRefusals(otherAmountThreshold: string) {
  const accepted = `${formatUnits(BigInt(otherAmountThreshold), 6)} PDLG`;
  const stranger = shortAddress(STRANGER.publicKey.toBase58());
  return {
    accepted,
    notMaker: `The swap service says ${stranger} signs after you as your market maker, but it pays you only 0.000001 PDLG, less than the ${accepted} you accepted, so it is not the market maker of your swap. Do not approve it; get a fresh quote.`,
    notCounterparty: `This transaction would move 10 USDC from your account to ${shortAddress(strangerUsdc.toBase58())}, an address that is not part of the swap: ${stranger} pays you only 0.000001 PDLG, less than the ${accepted} you accepted, so it is not your swap's counterparty.`,
  };
}
