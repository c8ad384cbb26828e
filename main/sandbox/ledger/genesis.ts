/**
 * The sandbox's genesis: the faucet keypair (mint authority of every sandbox token and owner of
 * the SOL that airdrops hand out) and the mint accounts of the token set. The keypair lives in
 * the state folder in the Solana CLI format, so a developer can use it with the CLI tools.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { NATIVE_MINT, SANDBOX_TOKENS, SYSTEM_PROGRAM_ID } from '../tokens';
import type { LedgerView } from './ledger-view';
import { genesisMintData } from './mint-extensions';
import { extraAccountMetaListData, HOOK_PROGRAM_ID, validationAddress } from '../hook/hook-program';

const FAUCET_KEY_FILE = 'faucet-keypair.json';
/** One billion SOL: airdrops are capped per request, so this never runs out in practice. */
export const FAUCET_LAMPORTS = 1_000_000_000n * 1_000_000_000n;

/** The faucet keypair of a state folder, created on first use. */
export function loadOrCreateFaucetKeypair(stateDir: string): Keypair {
  const path = join(stateDir, FAUCET_KEY_FILE);
  if (existsSync(path)) {
    const bytes = JSON.parse(readFileSync(path, 'utf8')) as number[];
    return Keypair.fromSecretKey(Uint8Array.from(bytes));
  }
  const keypair = Keypair.generate();
  writeFileSync(path, JSON.stringify(Array.from(keypair.secretKey)), { mode: 0o600 });
  return keypair;
}

/** Writes the faucet's SOL and every token mint of the set (except the VM's native mint). */
export function writeGenesisAccounts(ledger: LedgerView, faucet: string, genesisTime = 0): void {
  ledger.setAccount(faucet, {
    lamports: FAUCET_LAMPORTS,
    owner: SYSTEM_PROGRAM_ID,
    data: new Uint8Array(),
    executable: false,
  });
  for (const token of SANDBOX_TOKENS) {
    if (token.mint === NATIVE_MINT) continue;
    const data = genesisMintData(token, faucet, genesisTime);
    ledger.setAccount(token.mint, {
      lamports: ledger.minimumBalanceForRentExemption(data.length),
      owner: token.tokenProgram,
      data,
      executable: false,
    });
    // A hook mint's validation account, as the hook program's own initialization writes it.
    if (token.traits?.transferHook) {
      const list = extraAccountMetaListData();
      ledger.setAccount(validationAddress(token.mint).toBase58(), {
        lamports: ledger.minimumBalanceForRentExemption(list.length),
        owner: HOOK_PROGRAM_ID,
        data: list,
        executable: false,
      });
    }
  }
}
