/**
 * What the chain holds for Jupiter's program besides the program itself, as on mainnet: the
 * program authority of shared-accounts routes (`["authority", 0]`) and its token account of
 * every sandbox token (the program's middle accounts), the fee authority (`["authority", 12]`)
 * and its token account of every sandbox token (where /order pays Jupiter's own fee, issue 32),
 * and the program's addresses in the
 * sandbox's lookup table (the program, its event authority, its authority and those accounts),
 * so that a route of many steps fits a packet as Jupiter's own tables make it fit on mainnet.
 *
 * Idempotent and run on every start with the program: a state folder made without it gets
 * these accounts the first time the sandbox is started with it; without the program nothing
 * here runs and the sandbox is as before.
 */
import { Keypair, PublicKey, Transaction, ComputeBudgetProgram } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { appendToLookupTable } from '../cp-swap/lookup-table';
import type { GenesisHost } from '../pools/genesis-accounts';
import { SANDBOX_TOKENS, SYSTEM_PROGRAM_ID, type SandboxToken } from '../tokens';
import {
  JUPITER_EVENT_AUTHORITY,
  JUPITER_FEE_AUTHORITY,
  JUPITER_PROGRAM_AUTHORITY,
  JUPITER_PROGRAM_ID,
  jupiterFeeTokenAccount,
  programTokenAccount,
} from './program';
import { createTokenLedgerInstruction, SANDBOX_TOKEN_LEDGER, tokenLedgerKey } from './token-ledger';

/** What Jupiter's genesis needs of the ledger: what every program's genesis needs. */
export type JupiterGenesisHost = GenesisHost;

/** Token accounts created per genesis transaction (each ATA creation is ~20 bytes of data). */
const PER_TRANSACTION = 6;

/** The program authority's token accounts, in the sandbox's token order. */
export function programTokenAccounts(tokens: readonly SandboxToken[] = SANDBOX_TOKENS): string[] {
  return tokens.map((token) => programTokenAccount(token.mint, token.tokenProgram));
}

export function writeJupiterGenesis(
  host: JupiterGenesisHost,
  tokens: readonly SandboxToken[] = SANDBOX_TOKENS,
): void {
  openTokenAccounts(host, tokens, JUPITER_PROGRAM_AUTHORITY, programTokenAccount);
  openTokenAccounts(host, tokens, JUPITER_FEE_AUTHORITY, jupiterFeeTokenAccount);
  if (host.getAccount(SANDBOX_TOKEN_LEDGER) === null) createTokenLedger(host);
  appendToLookupTable(host, [
    JUPITER_PROGRAM_ID,
    JUPITER_EVENT_AUTHORITY,
    JUPITER_PROGRAM_AUTHORITY,
    ...programTokenAccounts(tokens),
    SANDBOX_TOKEN_LEDGER,
    JUPITER_FEE_AUTHORITY,
    ...tokens.map((token) => jupiterFeeTokenAccount(token.mint, token.tokenProgram)),
  ]);
}

/** `authority` (a system account here) and its token account of every token, where missing. */
function openTokenAccounts(
  host: JupiterGenesisHost,
  tokens: readonly SandboxToken[],
  authorityAddress: string,
  accountOf: (mint: string, tokenProgram: string) => string,
): void {
  if (host.getAccount(authorityAddress) === null) {
    host.setAccount(authorityAddress, {
      lamports: host.minimumBalanceForRentExemption(0),
      owner: SYSTEM_PROGRAM_ID,
      data: new Uint8Array(),
      executable: false,
    });
  }
  const missing = tokens.filter(
    (token) => host.getAccount(accountOf(token.mint, token.tokenProgram)) === null,
  );
  if (missing.length === 0) return;
  // Created by the Associated Token Account program itself, so each carries what its mint
  // requires (a Token-2022 mint's account extensions), paid by a key made for genesis.
  const payer = fundedGenesisKey(host);
  const authority = new PublicKey(authorityAddress);
  for (let at = 0; at < missing.length; at += PER_TRANSACTION) {
    const tx = new Transaction({ feePayer: payer.publicKey, ...host.latestBlockhash() });
    tx.add(ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }));
    for (const token of missing.slice(at, at + PER_TRANSACTION)) {
      tx.add(
        createAssociatedTokenAccountIdempotentInstruction(
          payer.publicKey,
          new PublicKey(accountOf(token.mint, token.tokenProgram)),
          authority,
          new PublicKey(token.mint),
          new PublicKey(token.tokenProgram),
        ),
      );
    }
    tx.sign(payer);
    host.runGenesisTransaction(tx.serialize());
  }
  // Journal what the transactions made, so a restart before the next snapshot keeps it.
  for (const token of missing) {
    const address = accountOf(token.mint, token.tokenProgram);
    const account = host.getAccount(address);
    if (account !== null) host.setAccount(address, account);
  }
}

/** The shared token ledger, made by the program's own `create_token_ledger`. */
function createTokenLedger(host: JupiterGenesisHost): void {
  const payer = fundedGenesisKey(host);
  const ledgerKey = tokenLedgerKey();
  const tx = new Transaction({ feePayer: payer.publicKey, ...host.latestBlockhash() });
  tx.add(createTokenLedgerInstruction(SANDBOX_TOKEN_LEDGER, payer.publicKey.toBase58()));
  tx.sign(payer, ledgerKey);
  host.runGenesisTransaction(tx.serialize());
  const account = host.getAccount(SANDBOX_TOKEN_LEDGER);
  if (account !== null) host.setAccount(SANDBOX_TOKEN_LEDGER, account);
}

/** A key made for genesis and forgotten, with SOL for rent and fees. */
function fundedGenesisKey(host: JupiterGenesisHost): Keypair {
  const payer = Keypair.generate();
  host.setAccount(payer.publicKey.toBase58(), {
    lamports: 10n * 1_000_000_000n,
    owner: SYSTEM_PROGRAM_ID,
    data: new Uint8Array(),
    executable: false,
  });
  return payer;
}
