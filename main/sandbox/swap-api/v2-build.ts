/**
 * GET /swap/v2/build in the sandbox: a quote and its raw instructions in one answer, as the
 * official OpenAPI gives them. Metis-only on the real service, so never a market maker here
 * (the instruction step refuses the co-signed fill, v2-route-build.ts). The compute budget
 * group carries the unit price only (the integrator sets the unit limit), the market's lookup
 * table comes with its addresses as the ledger holds them (always, as Jupiter's route tables do,
 * so that an integrator's own instructions fit), and the blockhash is
 * the ledger's latest, with its expiry.
 */
import type { IncomingMessage } from 'node:http';
import bs58 from 'bs58';
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { SANDBOX_FEE_OPERATOR } from '../../shared/sandbox-operator';
import { CP_SWAP_LOOKUP_TABLE } from '../cp-swap/lookup-table';
import { lookupTableAddresses } from '../ledger/wire';
import type { LedgerView } from '../ledger/ledger-view';
import { COMPUTE_BUDGET_PROGRAM_ID } from '../tokens';
import { instructionJson, type InstructionJson } from './instruction-json';
import type { SwapApiHandler } from './mount';
import { callV6, type Captured } from './v6-call';
import type { V2RouteBuilder } from './v2-route-build';
import { v2ErrorBody, v2QuoteFields, v6QuoteQuery } from './v2-quote';

type Json = Record<string, unknown>;

/** SetComputeUnitLimit's tag: left out of /build's compute budget group. */
const SET_COMPUTE_UNIT_LIMIT = 2;

function withoutUnitLimit(instructions: Json[]): Json[] {
  return instructions.filter(
    (ix) =>
      ix.programId !== COMPUTE_BUDGET_PROGRAM_ID ||
      Buffer.from(ix.data as string, 'base64')[0] !== SET_COMPUTE_UNIT_LIMIT,
  );
}

function tipInstruction(taker: string, lamports: bigint): InstructionJson {
  const ix = SystemProgram.transfer({
    fromPubkey: new PublicKey(taker),
    toPubkey: new PublicKey(SANDBOX_FEE_OPERATOR),
    lamports,
  });
  return instructionJson(ix);
}

/** Answers GET /build; `{ status, body }` as the real service would. */
export async function answerBuild(
  inner: SwapApiHandler,
  builder: V2RouteBuilder,
  ledger: LedgerView,
  req: IncomingMessage,
  url: URL,
): Promise<Captured> {
  const q = url.searchParams;
  const taker = q.get('taker');
  if (taker === null) return { status: 400, body: { error: 'taker is required' } };
  const feeBps = Number(q.get('platformFeeBps') ?? '0');
  const feeAccount = q.get('feeAccount') ?? undefined;
  if (feeBps > 0 && feeAccount === undefined) {
    return {
      status: 400,
      body: { error: 'feeAccount is required when platformFeeBps is positive' },
    };
  }
  const quoted = await callV6(
    inner,
    req,
    '/quote',
    v6QuoteQuery(q, feeBps, { withoutMarketMaker: true }),
  );
  if (quoted.status !== 200) return { status: quoted.status, body: v2ErrorBody(quoted.body) };
  const destination = q.get('destinationTokenAccount') ?? undefined;
  const built = await builder.instructions(req, quoted.body, {
    taker,
    wrapAndUnwrapSol: q.get('wrapAndUnwrapSol') !== 'false',
    ...(feeAccount === undefined || feeBps === 0 ? {} : { feeAccount }),
    ...(destination === undefined ? {} : { destinationTokenAccount: destination }),
  });
  if (built.status !== 200) return { status: built.status, body: v2ErrorBody(built.body) };
  const v6 = built.body as Json;
  // Jupiter's /build names the route's lookup tables whether or not the swap alone needs them:
  // an integrator who adds instructions (a payment's memo, transfer and reference keys) compiles
  // against them (issue 32). Here that is the market's table, once it exists.
  const named = (v6.addressLookupTableAddresses as string[] | undefined) ?? [];
  const market = ledger.getAccount(CP_SWAP_LOOKUP_TABLE) === null ? [] : [CP_SWAP_LOOKUP_TABLE];
  const tables = [...new Set([...named, ...market])];
  const mapping: Record<string, string[]> = {};
  for (const table of tables) {
    const account = ledger.getAccount(table);
    if (account !== null) mapping[table] = lookupTableAddresses(account.data);
  }
  const tip = q.get('tipAmount');
  const latest = ledger.latestBlockhash();
  const now = Date.now();
  return {
    status: 200,
    body: {
      ...v2QuoteFields(quoted.body as Json),
      computeBudgetInstructions: withoutUnitLimit(v6.computeBudgetInstructions as Json[]),
      setupInstructions: v6.setupInstructions,
      swapInstruction: v6.swapInstruction,
      cleanupInstruction: v6.cleanupInstruction ?? null,
      otherInstructions: v6.otherInstructions ?? [],
      tipInstruction:
        tip !== null && /^\d+$/.test(tip) && BigInt(tip) > 0n
          ? tipInstruction(taker, BigInt(tip))
          : null,
      addressesByLookupTableAddress: tables.length === 0 ? null : mapping,
      blockhashWithMetadata: {
        blockhash: [...bs58.decode(latest.blockhash)],
        lastValidBlockHeight: latest.lastValidBlockHeight,
        fetchedAt: {
          secs_since_epoch: Math.floor(now / 1000),
          nanos_since_epoch: (now % 1000) * 1_000_000,
        },
      },
    },
  };
}
