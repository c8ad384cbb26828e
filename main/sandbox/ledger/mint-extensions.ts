/**
 * Token-2022 extension bytes for the sandbox's warning tokens (issue 11): a mint with
 * extensions is the 82-byte base, zero padding to 165 bytes, the account-type byte (1 = mint)
 * and the type-length-value entries; a token account of such a mint is the 165-byte base, the
 * account-type byte (2 = account) and its own entries. Written at genesis exactly as the
 * Token-2022 program would have written them, so the VM's program executes transfers of these
 * mints (fees withheld, delegate honoured) with no help from the sandbox.
 */
import {
  ExtensionType,
  PausableConfigLayout,
  PermanentDelegateLayout,
  TransferHookLayout,
  TransferFeeAmountLayout,
  TransferFeeConfigLayout,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { encodeScaledUiAmountConfig } from '../../shared/scaled-amount';
import { HOOK_PROGRAM_ID } from '../hook/hook-program';
import type { SandboxToken } from '../tokens';
import { encodeMint, TOKEN_ACCOUNT_SIZE } from './token-layout';

const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

function tlv(type: ExtensionType, value: Uint8Array): Uint8Array {
  const entry = new Uint8Array(4 + value.length);
  const view = new DataView(entry.buffer);
  view.setUint16(0, type, true);
  view.setUint16(2, value.length, true);
  entry.set(value, 4);
  return entry;
}

/** Base bytes padded to 165, the account-type byte, then the entries. */
function withExtensions(base: Uint8Array, accountType: number, entries: Uint8Array[]): Uint8Array {
  const size = TOKEN_ACCOUNT_SIZE + 1 + entries.reduce((sum, entry) => sum + entry.length, 0);
  const data = new Uint8Array(size);
  data.set(base, 0);
  data[TOKEN_ACCOUNT_SIZE] = accountType;
  let at = TOKEN_ACCOUNT_SIZE + 1;
  for (const entry of entries) {
    data.set(entry, at);
    at += entry.length;
  }
  return data;
}

function mintEntries(token: SandboxToken, faucet: PublicKey, genesisTime: number): Uint8Array[] {
  const entries: Uint8Array[] = [];
  const fee = token.traits?.transferFee;
  if (fee) {
    const value = Buffer.alloc(TransferFeeConfigLayout.span);
    const schedule = { epoch: 0n, maximumFee: fee.maxFee, transferFeeBasisPoints: fee.bps };
    TransferFeeConfigLayout.encode(
      {
        transferFeeConfigAuthority: faucet,
        withdrawWithheldAuthority: faucet,
        withheldAmount: 0n,
        olderTransferFee: schedule,
        newerTransferFee: schedule,
      },
      value,
    );
    entries.push(tlv(ExtensionType.TransferFeeConfig, value));
  }
  if (token.traits?.permanentDelegate) {
    const value = Buffer.alloc(PermanentDelegateLayout.span);
    PermanentDelegateLayout.encode({ delegate: faucet }, value);
    entries.push(tlv(ExtensionType.PermanentDelegate, value));
  }
  const scaled = token.traits?.scaledUiAmount;
  if (scaled) {
    const value = encodeScaledUiAmountConfig(faucet.toBytes(), {
      multiplier: scaled.multiplier,
      newMultiplier: scaled.newMultiplier,
      newMultiplierEffectiveTimestamp: BigInt(genesisTime + scaled.changeAfterSeconds),
    });
    entries.push(tlv(ExtensionType.ScaledUiAmountConfig, value));
  }
  // Issue 35: PausableConfig (not paused) and TransferHook, the faucet their authority.
  if (token.traits?.pausable) {
    const value = Buffer.alloc(PausableConfigLayout.span);
    PausableConfigLayout.encode({ authority: faucet, paused: false }, value);
    entries.push(tlv(ExtensionType.PausableConfig, value));
  }
  if (token.traits?.transferHook) {
    const value = Buffer.alloc(TransferHookLayout.span);
    TransferHookLayout.encode(
      { authority: faucet, programId: new PublicKey(HOOK_PROGRAM_ID) },
      value,
    );
    entries.push(tlv(ExtensionType.TransferHook, value));
  }
  return entries;
}

/**
 * The genesis data of a sandbox mint: faucet as mint authority (and freeze authority, delegate,
 * fee or multiplier authority where the token's traits say so). `genesisTime` (unix seconds)
 * dates a scheduled multiplier change.
 */
export function genesisMintData(token: SandboxToken, faucet: string, genesisTime = 0): Uint8Array {
  const base = encodeMint({
    mintAuthority: faucet,
    supply: 0n,
    decimals: token.decimals,
    isInitialized: true,
    freezeAuthority: token.traits?.freezeAuthority ? faucet : null,
  });
  const entries = mintEntries(token, new PublicKey(faucet), genesisTime);
  return entries.length === 0 ? base : withExtensions(base, ACCOUNT_TYPE_MINT, entries);
}

/**
 * A token account's data with the extensions its mint requires: a transfer-fee mint's accounts
 * carry TransferFeeAmount (the fees withheld in them), or the program refuses to credit them; a
 * hook mint's carry TransferHookAccount (the `transferring` flag the hook checks), a pausable
 * mint's the empty PausableAccount, as InitializeAccount writes them.
 */
export function withAccountExtensions(base: Uint8Array, token: SandboxToken): Uint8Array {
  const entries: Uint8Array[] = [];
  if (token.traits?.transferFee) {
    const value = Buffer.alloc(TransferFeeAmountLayout.span);
    TransferFeeAmountLayout.encode({ withheldAmount: 0n }, value);
    entries.push(tlv(ExtensionType.TransferFeeAmount, value));
  }
  if (token.traits?.transferHook)
    entries.push(tlv(ExtensionType.TransferHookAccount, Uint8Array.of(0)));
  if (token.traits?.pausable) entries.push(tlv(ExtensionType.PausableAccount, new Uint8Array()));
  return entries.length === 0 ? base : withExtensions(base, ACCOUNT_TYPE_ACCOUNT, entries);
}
