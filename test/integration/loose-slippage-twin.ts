/**
 * The shared parts of issue 32's hostile slippage cases (a swap service answering its own,
 * looser, slippage where the person chose 0.5%): the hostile answer itself (its slippage, its
 * minimum, and the CP-Swap minimums of its transaction or instructions), the rewrite that serves
 * it to the wallet, and the harm it does to a twin key that signs and lands it right after an
 * attacker's trade ahead of it on the same pools.
 */
import { Connection, Keypair, PublicKey, TransactionMessage } from '@solana/web3.js';
import { VersionedTransaction, type TransactionInstruction } from '@solana/web3.js';
import type { AddressLookupTableAccount } from '@solana/web3.js';
import { expect } from 'vitest';
import type { ResponseOf } from '../../preload/contract';
import { minimumReceived } from '../../main/swap-api/slippage-bound';
import type { RunningSandbox } from '../harness/sandbox-process';
import { JUPITER } from '../harness/jupiter-route-bounds';
import { SANDBOX_HARNESS_RUNS_JUPITER, sandboxJupiterArgs } from '../fixtures/jupiter-program';
import { balanceOf, frontRun, loosenBounds, loosenBoundsJson } from '../harness/front-run';
import { closeTransaction, openTransaction } from '../fixtures/tamper/rebuild';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { instruction, type InstructionJson } from './sandbox-swap-instructions-helpers';
import {
  ataOf,
  confirmedSignature,
  airdrop,
  faucet,
  tokenBalance,
  USDC,
  usePaySession,
  type AnswerRewrite,
  type PaySession,
  type PayWallet,
} from './pay-helpers';

export type Json = Record<string, unknown>;

export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
/** The person's slippage, and the one the hostile service answers with instead. */
export const CHOSEN_BPS = 50;
export const SERVICE_BPS = 400;
/** The venue of the hostile service's routes: the harness's tamper and front-run know CP-Swap. */
export const CP_SWAP_LABEL = 'Raydium CPMM';
/**
 * The sandbox of these cases: the v2 shape, with Jupiter's program unless the run says
 * SWAPDESK_TEST_JUPITER_PROGRAM=none (then its routes are CP-Swap's own swaps), so the same
 * suites prove both.
 */
export const LOOSE_SANDBOX_ARGS = ['--api-shape', 'v2', ...sandboxJupiterArgs()];

/** The attacker's trade ahead of the swap: this share of each pool's input vault. */
const FRONT_RUN_DEPTH_BPS = 120;

/**
 * The hostile answer: the service's own 4%, in its slippage, its minimum and what it builds (an
 * /order's transaction, handed out unsigned, or a /build's instructions).
 */
export async function atOwnSlippage(answer: Json, connection: Connection): Promise<Json> {
  const out = BigInt(answer.outAmount as string);
  const from = Number(answer.slippageBps);
  let edited: Json = {
    ...answer,
    slippageBps: SERVICE_BPS,
    otherAmountThreshold: minimumReceived(out, SERVICE_BPS).toString(),
  };
  if (typeof answer.transaction === 'string' && answer.transaction !== '') {
    const opened = await openTransaction(Buffer.from(answer.transaction, 'base64'), connection);
    loosenBounds(opened, from, SERVICE_BPS);
    edited.transaction = Buffer.from(closeTransaction(opened, [])).toString('base64');
  } else if (answer.swapInstruction) {
    edited = loosenBoundsJson(edited, from, SERVICE_BPS);
  }
  return edited;
}

/**
 * A hostile service on `path` (e.g. `/swap/v2/build`) while `state.hostile`: it routes through
 * CP-Swap (the pools whose bounds the harness loosens and front-runs) and answers at its own 4%.
 * `state.tampered` counts the answers it changed; `rewrite` serves them to the wallet.
 */
export function looseService(
  path: string,
  connection: () => Connection,
): { state: HostileState; rewrite: AnswerRewrite } {
  const state: HostileState = { hostile: false, tampered: 0, statesChosen: false };
  const rewrite: AnswerRewrite = async (url, response) => {
    if (!state.hostile || !response.ok || !new URL(url).pathname.endsWith(path)) return response;
    const viaCpSwap = new URL(url);
    viaCpSwap.searchParams.set('dexes', CP_SWAP_LABEL);
    const routed = await fetch(viaCpSwap);
    if (!routed.ok) return routed;
    state.tampered += 1;
    const answer = await atOwnSlippage((await routed.json()) as Json, connection());
    // The second lie: the person's own 0.5% stated, the minimum (and bounds) of 4% kept.
    if (state.statesChosen) answer.slippageBps = CHOSEN_BPS;
    return new Response(JSON.stringify(answer), { status: 200, headers: response.headers });
  };
  return { state, rewrite };
}

/** A /build answer composed as an integrator would, for `payer` (unsigned, v0). */
async function composedBuild(
  connection: Connection,
  body: Json,
  payer: PublicKey,
): Promise<Uint8Array> {
  // The tables the answer names, read from the chain (a twin trusts no service's copy).
  const named = Object.keys((body.addressesByLookupTableAddress as Json | null) ?? {});
  const tables = await Promise.all(
    named.map(async (key) => (await connection.getAddressLookupTable(new PublicKey(key))).value!),
  );
  const list = (name: string) => ((body[name] as InstructionJson[] | null) ?? []).map(instruction);
  const instructions = [
    ...list('computeBudgetInstructions'),
    ...list('setupInstructions'),
    instruction(body.swapInstruction as InstructionJson),
    ...(body.cleanupInstruction ? [instruction(body.cleanupInstruction as InstructionJson)] : []),
    ...list('otherInstructions'),
  ];
  return (await compiled(connection, payer, instructions, tables)).serialize();
}

/** `instructions` for `payer` as one unsigned v0 transaction on the latest blockhash. */
async function compiled(
  connection: Connection,
  payer: PublicKey,
  instructions: TransactionInstruction[],
  tables: AddressLookupTableAccount[] = [],
): Promise<VersionedTransaction> {
  const { blockhash } = await connection.getLatestBlockhash();
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions,
  });
  return new VersionedTransaction(message.compileToV0Message(tables));
}

/**
 * The harm, shown on a twin (a key the test holds, given 1,000 USDC, and 1 SOL unless `gasless`):
 * the sandbox's honest answer on `path` for the twin (with the person's slippage, or plainly for
 * a gasless order), turned hostile by atOwnSlippage, is composed (a /build), signed by the twin
 * (and the service's gas payer on a gasless order) and landed right after an attacker's trade
 * ahead of it. Asserts what the twin received (expectHarm); answers the hostile answer.
 */
export async function expectHarmOnTwin(
  sandbox: RunningSandbox,
  connection: Connection,
  path: 'build' | 'order',
  gasless: { gasPayer: Keypair } | null = null,
): Promise<Json> {
  const twin = Keypair.generate();
  const taker = twin.publicKey.toBase58();
  await faucet(sandbox, taker, USDC, 1_000_000_000n);
  if (gasless === null) await airdrop(connection, taker, 1e9);
  const query = new URLSearchParams({
    inputMint: USDC,
    outputMint: USDT,
    amount: SWAP_REQUEST.amount,
    taker,
    dexes: CP_SWAP_LABEL,
    ...(gasless === null ? { slippageBps: String(CHOSEN_BPS) } : {}),
  });
  const honest = (await (await fetch(`${sandbox.swapApiUrl}/${path}?${query}`)).json()) as Json;
  expect(honest).toMatchObject({
    slippageBps: CHOSEN_BPS,
    ...(path === 'order' ? { router: 'metis', gasless: gasless !== null } : {}),
  });
  const hostile = await atOwnSlippage(honest, connection);
  const transaction =
    path === 'build'
      ? await composedBuild(connection, hostile, twin.publicKey)
      : Buffer.from(hostile.transaction as string, 'base64');
  // Through Jupiter's program when the sandbox runs it: the route's own bound is loosened.
  const programs = VersionedTransaction.deserialize(transaction).message.staticAccountKeys;
  const viaJupiter =
    LOOSE_SANDBOX_ARGS.includes('--jupiter-program') || SANDBOX_HARNESS_RUNS_JUPITER;
  expect(programs.some((key) => key.toBase58() === JUPITER)).toBe(viaJupiter);
  const signers = gasless === null ? [twin] : [twin, gasless.gasPayer];
  const received = await frontRunAndLand(
    sandbox,
    connection,
    transaction,
    signers,
    new PublicKey(ataOf(taker, USDT)),
  );
  expectHarm(received, hostile);
  return hostile;
}

/**
 * An attacker trades ahead of `transaction` on its CP-Swap pools, then the
 * transaction is signed by `signers` (the twin, and the gas payer of a gasless order) and landed.
 * Answers what `received` (the twin's output account) gained.
 */
async function frontRunAndLand(
  sandbox: RunningSandbox,
  connection: Connection,
  transaction: Uint8Array,
  signers: Keypair[],
  received: PublicKey,
): Promise<bigint> {
  const landed = async (tx: VersionedTransaction, keys: Keypair[]) => {
    tx.sign(keys);
    await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
  };
  const attacker = Keypair.generate();
  await airdrop(connection, attacker.publicKey.toBase58(), 5e9);
  const send = (instructions: TransactionInstruction[], keys: Keypair[]) =>
    compiled(connection, keys[0]!.publicKey, instructions).then((tx) => landed(tx, keys));
  const before = await balanceOf(connection, received);
  await frontRun(
    connection,
    transaction,
    attacker,
    (mint, amount) => faucet(sandbox, attacker.publicKey.toBase58(), mint, amount).then(() => {}),
    send,
    {},
    FRONT_RUN_DEPTH_BPS,
  );
  await landed(VersionedTransaction.deserialize(transaction), signers);
  return (await balanceOf(connection, received)) - before;
}

/**
 * What the hostile answer cost the twin: at least the service's own 4% bound (the chain held
 * that), less than the person's 0.5% bound, by more than 1% of the quote.
 */
function expectHarm(received: bigint, answer: Json): void {
  const out = BigInt(answer.outAmount as string);
  expect(received).toBeGreaterThanOrEqual(BigInt(answer.otherAmountThreshold as string));
  // What the person's own 0.5% would have refused on chain.
  expect(received).toBeLessThan(minimumReceived(out, CHOSEN_BPS));
  // By more than 1% of the quote: the attacker's trade keeps it.
  expect(minimumReceived(out, CHOSEN_BPS) - received).toBeGreaterThan(out / 100n);
}

/** The person's swap request: 200 USDC to USDT at 0.5%. */
export const SWAP_REQUEST = {
  inputMint: USDC,
  outputMint: USDT,
  amount: '200000000',
  slippage: { bps: CHOSEN_BPS },
};

/**
 * The honest twin through the wallet: quoted at the person's 0.5%, reviewed and accepted,
 * approved and confirmed, with at least the person's bound received.
 */
export async function expectHonestSwapConfirmed(
  wallet: PayWallet,
  connection: Connection,
  person: string,
  /** Further checks of the quote and the review, before approval. */
  inspect?: (quote: ResponseOf<'swap.quote'>, ticket: ResponseOf<'swap.review'>) => void,
): Promise<void> {
  const quote = await wallet.call('swap.quote', SWAP_REQUEST);
  expect(quote.slippageBps).toBe(CHOSEN_BPS);
  const bound = minimumReceived(BigInt(quote.outAmount), CHOSEN_BPS);
  expect(BigInt(quote.minimumReceived!)).toBeGreaterThanOrEqual(bound);
  const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
  expect(ticket.report.refusals).toEqual([]);
  expect(ticket.report.accepted).toBe(true);
  inspect?.(quote, ticket);
  const usdt = ataOf(person, USDT);
  const before = await tokenBalance(connection, usdt);
  const swap = await wallet.call('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  await confirmedSignature(wallet, swap.signature);
  expect((await tokenBalance(connection, usdt)) - before).toBeGreaterThanOrEqual(bound);
}

/** Whether the hostile service is answering (looseService), and how many answers it changed. */
export interface HostileState {
  hostile: boolean;
  tampered: number;
  /** The answer states the person's 0.5% while its minimum stays that of 4%. */
  statesChosen: boolean;
}

/**
 * The wallet's words for an answer at another slippage than the one it sent (swap-api/
 * quote-response.ts): /build and a manual /order alike.
 */
export const UNTRUSTED_SLIPPAGE = {
  code: 'SWAP_API_BAD_RESPONSE',
  message:
    "The swap service answered something the wallet can't trust (it applied a slippage of 4.00% instead of the 0.50% you chose). Nothing was signed. Try again; if it repeats, use another swap service in Settings.",
};

/** A person's wallet on the hostile service, and the service's state (expectQuoteRefused). */
export interface RefusalSession {
  wallet: PayWallet;
  connection: Connection;
  person: string;
  state: HostileState;
}

/** The wallet's words for an answer that states 0.5% with a minimum looser than 0.5% allows. */
export const UNTRUSTED_MINIMUM = {
  code: 'SWAP_API_BAD_RESPONSE',
  message: expect.stringMatching(
    /^The swap service answered something the wallet can't trust \(its minimum received \(\d+ base units\) is below the \d+ that a slippage of 0\.50% allows: the service's bound does not match the chosen slippage\)\. Nothing was signed\. Try again; if it repeats, use another swap service in Settings\.$/,
  ),
};

/**
 * The person's quote while the service is hostile: refused with `code` and exactly `message`,
 * the service asked once on `path` (with the person's slippage unless `plain`), nothing sent to
 * /execute, and the person's USDC and SOL unchanged. Answers the URL the service was asked.
 */
export async function expectQuoteRefused(
  session: RefusalSession,
  path: string,
  refusal: { code: string; message: string } = UNTRUSTED_SLIPPAGE,
  plain = false,
): Promise<URL> {
  const { wallet, connection, person, state } = session;
  const usdcBefore = await tokenBalance(connection, ataOf(person, USDC));
  const solBefore = await connection.getBalance(new PublicKey(person));
  const from = wallet.urls.length;
  state.hostile = true;
  state.tampered = 0;
  try {
    const refused = await wallet.refusal('swap.quote', SWAP_REQUEST);
    expect(state.tampered).toBe(1);
    expect(refused).toMatchObject(refusal);
  } finally {
    state.hostile = false;
  }
  const urls = wallet.urls.slice(from);
  const calls = urls.filter((u) => new URL(u).pathname.endsWith(path));
  expect(calls).toHaveLength(1);
  expect(new URL(calls[0]!).searchParams.get('slippageBps')).toBe(
    plain ? null : String(CHOSEN_BPS),
  );
  expect(urls.some((u) => u.includes('/execute'))).toBe(false);
  expect(await tokenBalance(connection, ataOf(person, USDC))).toBe(usdcBefore);
  expect(await connection.getBalance(new PublicKey(person))).toBe(solBefore);
  return new URL(calls[0]!);
}

/**
 * The second lie refused: the answer states the person's 0.5% but keeps the minimum of 4%
 * (UNTRUSTED_MINIMUM), as expectQuoteRefused checks it.
 */
export async function expectStatedMinimumRefused(
  session: RefusalSession,
  path: string,
): Promise<void> {
  session.state.statesChosen = true;
  try {
    await expectQuoteRefused(session, path, UNTRUSTED_MINIMUM);
  } finally {
    session.state.statesChosen = false;
  }
}

/**
 * A pay session (usePaySession: a person with 20 SOL, here 1,000 USDC too) on the sandbox's v2
 * shape, whose service turns hostile on `path` while `hostile.state.hostile` (looseService).
 */
export function useLooseSession(
  suite: string,
  path: string,
): {
  session: PaySession;
  hostile: ReturnType<typeof looseService>;
  /** The session as expectQuoteRefused takes it: the wallet, its person and the service's state. */
  refusing: () => RefusalSession;
} {
  const hostile = looseService(path, () => session.connection);
  const session = usePaySession(suite, {
    sandboxArgs: LOOSE_SANDBOX_ARGS,
    payerUsdc: 1_000_000_000n,
    rewrite: hostile.rewrite,
  });
  const refusing = (): RefusalSession => ({
    wallet: session.wallet,
    connection: session.connection,
    person: session.payer,
    state: hostile.state,
  });
  return { session, hostile, refusing };
}
