/**
 * Token warnings read from mint accounts. The mints are encoded byte for byte with
 * @solana/spl-token's own layouts (the base mint, then Token-2022's account-type byte and its
 * type-length-value extensions), as the chain stores them; only the values are made up.
 */
import {
  ACCOUNT_SIZE,
  AccountState as TokenAccountState,
  AccountType,
  DefaultAccountStateLayout,
  ExtensionType,
  getExtensionTypes,
  MINT_SIZE,
  MintLayout,
  MULTISIG_SIZE,
  PermanentDelegateLayout,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TransferFeeConfigLayout,
  TransferHookLayout,
} from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { accountState, type AccountState } from './account-state';
import { tokenWarnings } from './token-warnings';

const key = (n: number) =>
  Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 5 + n) % 256)).publicKey;
const ISSUER = key(1);
const DELEGATE = key(2);
const HOOK_PROGRAM = key(3);

function baseMint(options: { mintAuthority?: PublicKey; freezeAuthority?: PublicKey } = {}) {
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: options.mintAuthority ? 1 : 0,
      mintAuthority: options.mintAuthority ?? PublicKey.default,
      supply: 1_000_000n,
      decimals: 6,
      isInitialized: true,
      freezeAuthorityOption: options.freezeAuthority ? 1 : 0,
      freezeAuthority: options.freezeAuthority ?? PublicKey.default,
    },
    data,
  );
  return data;
}

/** A Token-2022 mint: the base, padding to the account size, the type byte, then the TLVs. */
function token2022Mint(extensions: [ExtensionType, Buffer][], base = baseMint()): AccountState {
  const tlv = extensions.map(([type, value]) => {
    const head = Buffer.alloc(4);
    head.writeUInt16LE(type, 0);
    head.writeUInt16LE(value.length, 2);
    return Buffer.concat([head, value]);
  });
  const data = Buffer.concat([
    base,
    Buffer.alloc(ACCOUNT_SIZE - MINT_SIZE),
    Buffer.from([AccountType.Mint]),
    ...tlv,
  ]);
  // Token-2022 (and spl-token's getMintLen) pad a mint that would be exactly a multisig's size
  // with an empty extension type, so the two can be told apart.
  if (data.length === MULTISIG_SIZE) {
    return accountState(
      1_000_000n,
      TOKEN_2022_PROGRAM_ID.toBase58(),
      Buffer.concat([data, Buffer.alloc(2)]),
    ) as AccountState;
  }
  return accountState(1_000_000n, TOKEN_2022_PROGRAM_ID.toBase58(), data) as AccountState;
}

function encoded(
  layout: { span: number; encode(value: never, buffer: Buffer): number },
  value: unknown,
) {
  const buffer = Buffer.alloc(layout.span);
  layout.encode(value as never, buffer);
  return buffer;
}

const MINT = key(9).toBase58();
const tokens = new Map([[MINT, { decimals: 6, symbol: 'PDLG' }]]);
const kinds = (state: AccountState) =>
  tokenWarnings(new Map([[MINT, state]]), tokens).map((w) => [w.kind, w.mustAcknowledge]);

describe('what a token can do to the person, read from its mint', () => {
  it('a plain SPL mint with no authorities: nothing to say', () => {
    const state = accountState(1n, TOKEN_PROGRAM_ID.toBase58(), baseMint()) as AccountState;
    expect(kinds(state)).toEqual([]);
  });

  it('an issuer who can freeze accounts and mint more: two cautions', () => {
    const state = accountState(
      1n,
      TOKEN_PROGRAM_ID.toBase58(),
      baseMint({ mintAuthority: ISSUER, freezeAuthority: ISSUER }),
    ) as AccountState;
    const warnings = tokenWarnings(new Map([[MINT, state]]), tokens);
    expect(warnings.map((w) => [w.kind, w.mustAcknowledge])).toEqual([
      ['freeze-authority', false],
      ['mint-authority', false],
    ]);
    expect(warnings[0]?.sentence).toBe(
      'The issuer of PDLG can freeze your PDLG account, so that you cannot move it.',
    );
  });

  it('a permanent delegate must be acknowledged, and names who can take the tokens', () => {
    const state = token2022Mint([
      [ExtensionType.PermanentDelegate, encoded(PermanentDelegateLayout, { delegate: DELEGATE })],
    ]);
    const [warning] = tokenWarnings(new Map([[MINT, state]]), tokens);
    expect(warning).toMatchObject({ kind: 'permanent-delegate', mustAcknowledge: true });
    expect(warning?.sentence).toMatch(
      /^PDLG has a permanent delegate \(\w{4}…\w{4}\): it can move or burn PDLG from any holder's account, yours included/,
    );
  });

  it('a transfer hook must be acknowledged; a transfer fee, default-frozen accounts and non-transferable are cautions', () => {
    const fee = { epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 150 };
    const state = token2022Mint([
      [
        ExtensionType.TransferFeeConfig,
        encoded(TransferFeeConfigLayout, {
          transferFeeConfigAuthority: ISSUER,
          withdrawWithheldAuthority: ISSUER,
          withheldAmount: 0n,
          olderTransferFee: fee,
          newerTransferFee: fee,
        }),
      ],
      [
        ExtensionType.TransferHook,
        encoded(TransferHookLayout, { authority: ISSUER, programId: HOOK_PROGRAM }),
      ],
      [
        ExtensionType.DefaultAccountState,
        encoded(DefaultAccountStateLayout, { state: TokenAccountState.Frozen }),
      ],
      [ExtensionType.NonTransferable, Buffer.alloc(0)],
    ]);
    expect(kinds(state)).toEqual([
      ['transfer-hook', true],
      ['transfer-fee', false],
      ['non-transferable', false],
      ['default-frozen', false],
    ]);
    // These four make the mint exactly a multisig's size, so it carries Token-2022's two
    // padding bytes, on which spl-token's own getExtensionTypes throws: the review must not.
    expect(state.data.length).toBe(MULTISIG_SIZE + 2);
    expect(() => getExtensionTypes(Buffer.from(state.data).subarray(ACCOUNT_SIZE + 1))).toThrow();
    const sentences = tokenWarnings(new Map([[MINT, state]]), tokens).map((w) => w.sentence);
    expect(sentences[1]).toBe(
      'PDLG charges a transfer fee of up to 1.5% on every transfer: the receiving account gets less than the amount sent.',
    );
  });

  it('an extension set to nobody (a cleared delegate or hook) is no danger', () => {
    const state = token2022Mint([
      [
        ExtensionType.PermanentDelegate,
        encoded(PermanentDelegateLayout, { delegate: PublicKey.default }),
      ],
      [
        ExtensionType.TransferHook,
        encoded(TransferHookLayout, { authority: ISSUER, programId: PublicKey.default }),
      ],
    ]);
    expect(kinds(state)).toEqual([]);
  });

  it('reads every mint the transaction touches, and skips accounts that are not mints', () => {
    const other = key(10).toBase58();
    const plainAccount = accountState(
      5n,
      '11111111111111111111111111111111',
      new Uint8Array(),
    ) as AccountState;
    const frozenIssuer = accountState(
      1n,
      TOKEN_PROGRAM_ID.toBase58(),
      baseMint({ freezeAuthority: ISSUER }),
    ) as AccountState;
    const delegated = token2022Mint([
      [ExtensionType.PermanentDelegate, encoded(PermanentDelegateLayout, { delegate: DELEGATE })],
    ]);
    const warnings = tokenWarnings(
      new Map([
        [other, frozenIssuer],
        [MINT, delegated],
        [key(11).toBase58(), plainAccount],
        [key(12).toBase58(), null],
      ]),
      tokens,
    );
    // Dangerous first, whatever the order of the mints.
    expect(warnings.map((w) => [w.mint, w.kind])).toEqual([
      [MINT, 'permanent-delegate'],
      [other, 'freeze-authority'],
    ]);
  });
});
