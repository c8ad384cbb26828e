/**
 * Jupiter's program on the sandbox (the mainnet binary, a test fixture): the sandbox's start
 * with and without it (a fresh genesis, and a restart from the state folder), and the compute
 * units of each route kind as executed here (p-token) with the limit /swap asks for
 * (dynamicComputeUnitLimit: the simulation plus the classic SPL Token's cost per token call).
 *
 *   node --import tsx bench/jupiter.ts [--runs N]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { SandboxLedger } from '../main/sandbox/ledger/ledger';
import { writeJupiterGenesis } from '../main/sandbox/jupiter/jupiter-genesis';
import { JUPITER_PROGRAM_ID } from '../main/sandbox/jupiter/program';
import { airdrop, fundToken } from '../main/sandbox/faucet/faucet';
import { loadOrSeedMarket } from '../main/sandbox/pools/seed-market';
import { createMarketContext } from '../main/sandbox/swap-api/market-context';
import { parseQuoteParams } from '../main/sandbox/swap-api/quote-params';
import { computeQuote } from '../main/sandbox/swap-api/quote-service';
import { parseSwapRequest } from '../main/sandbox/swap-api/swap-request';
import { buildSwap } from '../main/sandbox/swap-api/swap-service';
import { JUPITER_PROGRAM_FIXTURE } from '../test/fixtures/jupiter-program';
import { median, timeGenesisAndRestart } from './lib/ledger-start';

const index = process.argv.indexOf('--runs');
const RUNS = index > 0 ? Number(process.argv[index + 1]) : 5;
const bytes = new Uint8Array(readFileSync(JUPITER_PROGRAM_FIXTURE));
const programs = [{ programId: JUPITER_PROGRAM_ID, bytes }];

function open(dir: string, jupiter: boolean): SandboxLedger {
  const ledger = SandboxLedger.open({ stateDir: dir, slotMs: 0, ...(jupiter ? { programs } : {}) });
  if (jupiter) writeJupiterGenesis(ledger);
  return ledger;
}

console.log('| sandbox start | runs | fresh genesis p50 ms | restart p50 ms |');
console.log('| ------------- | ---- | -------------------- | -------------- |');
for (const jupiter of [false, true]) {
  const { genesis, restart } = timeGenesisAndRestart(RUNS, 'jupiter', (dir) => open(dir, jupiter));
  console.log(
    `| ${jupiter ? 'with Jupiter' : 'without'} | ${RUNS} | ${median(genesis).toFixed(0)} | ${median(restart).toFixed(0)} |`,
  );
}

// Compute units per route kind.
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
const dir = mkdtempSync(join(tmpdir(), 'swapdesk-bench-jupiter-cu-'));
const ledger = open(dir, true);
const context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
const KINDS: [string, string, Record<string, unknown>][] = [
  [
    'route, one hop',
    `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true`,
    { useSharedAccounts: false },
  ],
  [
    'shared_accounts_route, one hop',
    `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true`,
    { useSharedAccounts: true },
  ],
  [
    'route_with_token_ledger, one hop',
    `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true`,
    { useSharedAccounts: false, useTokenLedger: true },
  ],
  [
    'route, split hop (2 steps)',
    `inputMint=${USDC}&outputMint=${SOL}&amount=1500000000000&onlyDirectRoutes=true`,
    {},
  ],
  [
    'shared_accounts_route, two hops',
    `inputMint=${BONK}&outputMint=${JUP}&amount=5000000000000`,
    {},
  ],
  [
    'shared_accounts_route, two hops, split',
    `inputMint=${USDC}&outputMint=${MSOL}&amount=100000000000&restrictIntermediateTokens=false`,
    {},
  ],
  [
    'route_v2, one hop',
    `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true`,
    { useSharedAccounts: false, instructionVersion: 'V2' },
  ],
  [
    'shared_accounts_route_v2, two hops',
    `inputMint=${BONK}&outputMint=${JUP}&amount=5000000000000`,
    { instructionVersion: 'V2' },
  ],
];
console.log('');
console.log(
  '| route kind | steps | compute units here (p-token) | limit /swap asks (mainnet-sized) |',
);
console.log(
  '| ---------- | ----- | ---------------------------- | -------------------------------- |',
);
for (const [name, query, extra] of KINDS) {
  const user = Keypair.generate();
  airdrop(ledger, user.publicKey, 10n ** 15n);
  for (const mint of [USDC, BONK]) {
    fundToken(ledger, { owner: user.publicKey, mint: new PublicKey(mint), amount: 10n ** 16n });
  }
  const quote = computeQuote(context, parseQuoteParams(new URLSearchParams(query)), () => 0);
  const answer = buildSwap(
    context,
    parseSwapRequest({
      quoteResponse: quote,
      userPublicKey: user.publicKey.toBase58(),
      dynamicComputeUnitLimit: true,
      ...extra,
    }),
  );
  const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
  tx.sign([user]);
  const sent = ledger.sendTransaction(tx.serialize());
  const units =
    sent.status === 'executed' && sent.record.err === null ? sent.record.computeUnitsConsumed : NaN;
  console.log(`| ${name} | ${quote.routePlan.length} | ${units} | ${answer.computeUnitLimit} |`);
  ledger.advanceSlots(1);
}
ledger.close();
rmSync(dir, { recursive: true, force: true });
