/**
 * What the sandbox's VM runs beyond litesvm's built-ins: the programs it loads on every start
 * (programs are not part of the stored state) and the markets genesis creates with them.
 * A program or genesis market the sandbox gains is one line here, not in the ledger's core.
 */
import bs58 from 'bs58';
import { CP_SWAP_PROGRAM_ID } from '../cp-swap/program';
import { CP_SWAP_BINARY, cpSwapFile } from '../cp-swap/program-files';
import { writeCpSwapGenesis, type CpSwapGenesisHost } from '../cp-swap/cp-genesis';
import { CP_POOL_SEEDS } from '../cp-swap/pool-seeds';
import { feeTierConfigAddress } from '../cp-swap/fee-tiers';
import { CLMM_PROGRAM_ID } from '../clmm/program';
import { clmmBinary } from '../clmm/program-files';
import { writeClmmGenesis } from '../clmm/clmm-genesis';
import { CLMM_POOL_SEEDS } from '../clmm/pool-seeds';
import { clmmConfigAddress } from '../clmm/amm-configs';
import { SANDBOX_TOKENS } from '../tokens';
import { AMM_V4_PROGRAM_ID } from '../amm-v4/program';
import { ammV4Binary } from '../amm-v4/program-files';
import { writeAmmV4Genesis } from '../amm-v4/amm-genesis';
import { extendLookupTableWithAmmV4 } from '../amm-v4/amm-lookup';
import { AMM_V4_POOL_SEEDS } from '../amm-v4/pool-seeds';
import { HOOK_PROGRAM_ID, hookProgramBytes } from '../hook/hook-program';
import type { LedgerView } from './ledger-view';
import { LiteSvm, type VmInstance } from './vm';

/**
 * A VM configured as the sandbox needs it. Signatures are checked; blockhashes are checked by the
 * sandbox's own queue, because the VM knows only its single latest blockhash. The VM keeps no
 * history: the ledger's is complete and persistent, the VM's would be a bounded second copy.
 */
export function createSandboxVm(): VmInstance {
  const vm = new LiteSvm();
  vm.setSigverify(true);
  vm.setBlockhashCheck(false);
  vm.setTransactionHistory(0n);
  vm.withNativeMints();
  loadSandboxPrograms(vm);
  return vm;
}

/** The programs the VM gets on every start, beside litesvm's own (SPL Token, ATA, Memo...). */
export function loadSandboxPrograms(vm: VmInstance): void {
  vm.addProgram(bs58.decode(CP_SWAP_PROGRAM_ID), cpSwapFile(CP_SWAP_BINARY));
  vm.addProgram(bs58.decode(AMM_V4_PROGRAM_ID), ammV4Binary());
  vm.addProgram(bs58.decode(CLMM_PROGRAM_ID), clmmBinary());
  // HOOK's transfer hook (issue 35): SPL's example program, resources/programs/spl-transfer-hook-example/.
  vm.addProgram(bs58.decode(HOOK_PROGRAM_ID), hookProgramBytes());
}

/**
 * The markets of genesis: CP-Swap's pools, created by its own `initialize`; Raydium CLMM's,
 * opened by its own `create_pool` and positions (clmm/clmm-genesis.ts); AMM v4's, whose accounts
 * are written (its pool creation needs an OpenBook market: amm-v4/amm-genesis.ts). Each venue's
 * only where it is missing, so a state folder from before a venue gains it on its next start.
 */
export function writeGenesisMarkets(host: CpSwapGenesisHost): void {
  if (lacksCpSwap(host)) writeCpSwapGenesis(host, SANDBOX_TOKENS, CP_POOL_SEEDS);
  if (lacksClmm(host)) writeClmmGenesis(host, SANDBOX_TOKENS, CLMM_POOL_SEEDS);
  writeMissingAmmV4Pools(host);
}

/**
 * AMM v4's pools for a state folder made before them (only what is missing is written), and
 * their accounts in the lookup table (amm-v4/amm-lookup.ts).
 */
export function writeMissingAmmV4Pools(host: CpSwapGenesisHost): void {
  extendLookupTableWithAmmV4(host, writeAmmV4Genesis(host, SANDBOX_TOKENS, AMM_V4_POOL_SEEDS));
}

type Reader = Pick<LedgerView, 'getAccount'>;
const lacksCpSwap = (ledger: Reader) => ledger.getAccount(feeTierConfigAddress('0.25%')) === null;
const lacksClmm = (ledger: Reader) => ledger.getAccount(clmmConfigAddress('0.25%')) === null;

/**
 * Whether a restored state folder predates some genesis market (each venue's is created then,
 * once: a folder from before CLMM gains its pools on its next start).
 */
export function lacksGenesisMarkets(ledger: Reader): boolean {
  return lacksCpSwap(ledger) || lacksClmm(ledger);
}
