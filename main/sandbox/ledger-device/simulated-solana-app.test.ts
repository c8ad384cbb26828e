/**
 * The simulated Solana app answers Ledger's own recordings (LedgerHQ/ledger-live,
 * test/fixtures/recorded/ledger-solana-apdus.ts) byte for byte, and every device state issue
 * 17 names reaches the person in words through the wallet's Ledger module.
 */
import bs58 from 'bs58';
import {
  ComputeBudgetProgram,
  Keypair,
  MessageV0,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  AddressLookupTableAccount,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  exchangesOf,
  LEDGER_SOLANA_RECORDINGS as R,
} from '../../../test/fixtures/recorded/ledger-solana-apdus';
import { createLedgerDevice } from '../../hardware/ledger-device';
import { canClearSign } from './clear-sign-rule';
import {
  createSimulatedSolanaApp,
  type DeviceAnswer,
  type SignPrompt,
} from './simulated-solana-app';
import { openSimulatedTransport, type SimulatedDevice } from './simulated-transport';
import { rejectionOf as rejection } from '../../../test/fixtures/wallet-error';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const PATH = "m/44'/501'/0'/0'";
const BLOCKHASH = bs58.encode(new Uint8Array(32).fill(3));

function plugged(options: Parameters<typeof createSimulatedSolanaApp>[0] = {}): SimulatedDevice {
  return { app: createSimulatedSolanaApp(options), plugged: true };
}

async function firstAddress(ledger: ReturnType<typeof ledgerOn>): Promise<string> {
  const [found] = await ledger.addresses([PATH]);
  return found!.address;
}

function ledgerOn(device: SimulatedDevice, extra: { wait?: (ms: number) => Promise<void> } = {}) {
  return createLedgerDevice({ open: () => openSimulatedTransport(device), ...extra });
}

/** A message the app clear-signs: a compute budget and a System transfer. */
function transferMessage(payer: PublicKey): Uint8Array {
  return MessageV0.compile({
    payerKey: payer,
    recentBlockhash: BLOCKHASH,
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5n,
      }),
    ],
  }).serialize();
}

/** A message like an aggregator swap: a program the app does not parse. */
function swapLikeMessage(payer: PublicKey): Uint8Array {
  return MessageV0.compile({
    payerKey: payer,
    recentBlockhash: BLOCKHASH,
    instructions: [
      new TransactionInstruction({
        programId: new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'),
        keys: [{ pubkey: payer, isSigner: true, isWritable: true }],
        data: Buffer.from([1, 2, 3]),
      }),
    ],
  }).serialize();
}

describe('simulated Solana app', () => {
  it("answers every recorded exchange of Ledger's tests byte for byte", async () => {
    for (const recording of [
      R.getAppConfiguration,
      R.getAddress,
      R.getAddressWithDisplay,
      R.signTransaction,
      R.signLongTransaction,
    ]) {
      // Blind signing as recorded (off): the recorded transfers are clear-signed.
      const app = createSimulatedSolanaApp();
      for (const { sent, answered } of exchangesOf(recording.exchanges)) {
        expect(Buffer.from(await app.exchange(hex(sent))).toString('hex')).toBe(answered);
      }
    }
  });

  it('signs the recorded off-chain message with the recorded signature (plus its status word)', async () => {
    const { sent, answered } = exchangesOf(R.signOffchainMessage.exchanges)[0]!;
    const answer = Buffer.from(await createSimulatedSolanaApp().exchange(hex(sent))).toString(
      'hex',
    );
    expect(answer).toBe(`${answered}9000`);
  });

  it('clear-signs System, Token, ATA and Compute Budget only, and nothing with lookup tables', () => {
    const payer = Keypair.generate().publicKey;
    expect(canClearSign(transferMessage(payer))).toBe(true);
    expect(canClearSign(swapLikeMessage(payer))).toBe(false);
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: 2n ** 64n - 1n,
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [Keypair.generate().publicKey],
      },
    });
    const withTable = MessageV0.compile({
      payerKey: payer,
      recentBlockhash: BLOCKHASH,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer,
          toPubkey: table.state.addresses[0]!,
          lamports: 1n,
        }),
      ],
      addressLookupTableAccounts: [table],
    }).serialize();
    expect(canClearSign(withTable)).toBe(false);
  });

  it('signs a swap with blind signing allowed, showing its hash, and the signature verifies', async () => {
    const prompts: SignPrompt[] = [];
    const device = plugged({
      blindSigning: true,
      answer: async (p) => (prompts.push(p), 'approve'),
    });
    const ledger = ledgerOn(device);
    const address = await firstAddress(ledger);
    const message = swapLikeMessage(new PublicKey(address));
    const signature = await ledger.sign({ address, path: PATH, message });
    expect(signature).toHaveLength(64);
    expect(prompts).toEqual([{ kind: 'transaction', path: PATH, message, clear: false }]);
  });

  it('says how to turn on blind signing when it is off (0x6808)', async () => {
    const ledger = ledgerOn(plugged({ blindSigning: false }));
    const address = await firstAddress(ledger);
    const error = await rejection(
      ledger.sign({ address, path: PATH, message: swapLikeMessage(new PublicKey(address)) }),
    );
    expect(error.code).toBe('LEDGER_BLIND_SIGNING_OFF');
    expect(error.message).toMatch(/Settings, turn on "Allow blind signing"/);
  });

  it('says a rejection on the device was a rejection (0x6985)', async () => {
    const ledger = ledgerOn(plugged({ answer: async () => 'reject' }));
    const address = await firstAddress(ledger);
    const error = await rejection(
      ledger.sign({ address, path: PATH, message: transferMessage(new PublicKey(address)) }),
    );
    expect(error.code).toBe('LEDGER_REJECTED');
    expect(error.message).toMatch(
      /You rejected the transaction on your Ledger. Nothing was signed/,
    );
  });

  it('names a locked device, the dashboard, another app, and no device at all', async () => {
    const cases: [SimulatedDevice, string, RegExp][] = [
      [plugged({ screen: 'locked' }), 'LEDGER_LOCKED', /Enter its PIN/],
      [plugged({ screen: 'dashboard' }), 'LEDGER_WRONG_APP', /on its dashboard/],
      [plugged({ screen: { app: 'Ethereum' } }), 'LEDGER_WRONG_APP', /has the Ethereum app open/],
      [{ ...plugged(), plugged: false }, 'LEDGER_NOT_FOUND', /No Ledger is connected. Plug it in/],
    ];
    for (const [device, code, words] of cases) {
      const error = await rejection(ledgerOn(device).appInfo());
      expect(error.code).toBe(code);
      expect(error.message).toMatch(words);
    }
  });

  it('says the cable was pulled while signing', async () => {
    const device = plugged();
    const ledger = ledgerOn(device);
    const address = await firstAddress(ledger);
    device.app.settings.answer = async () => {
      device.plugged = false;
      return 'approve';
    };
    const error = await rejection(
      ledger.sign({ address, path: PATH, message: transferMessage(new PublicKey(address)) }),
    );
    expect(error.code).toBe('LEDGER_DISCONNECTED');
    expect(error.message).toMatch(
      /unplugged \(or went to sleep\) while signing. Nothing was signed/,
    );
  });

  it('while a prompt waits: other requests are busy, and silence becomes "no answer"', async () => {
    let answer: (value: DeviceAnswer) => void = () => undefined;
    const device = plugged({ answer: () => new Promise<DeviceAnswer>((r) => (answer = r)) });
    let timeUp: () => void = () => undefined;
    const ledger = ledgerOn(device, {
      wait: (ms) =>
        ms === 120_000 ? new Promise<void>((r) => (timeUp = r)) : new Promise(() => {}),
    });
    const address = await firstAddress(ledger);
    const signing = ledger.sign({
      address,
      path: PATH,
      message: transferMessage(new PublicKey(address)),
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(ledger.prompting()?.signing?.account).toBe(address);
    const busy = await rejection(ledger.addresses([PATH]));
    expect(busy.code).toBe('LEDGER_BUSY');
    expect(busy.message).toMatch(/cannot be cancelled from the computer: approve or reject it/);
    timeUp();
    const silent = await rejection(signing);
    expect(silent.code).toBe('LEDGER_NO_ANSWER');
    expect(silent.message).toMatch(/has not answered for 120 seconds/);
    // The prompt is still on the device until the person answers it.
    expect((await rejection(ledger.appInfo())).code).toBe('LEDGER_BUSY');
    answer('reject');
    await new Promise((r) => setTimeout(r, 20));
    expect(ledger.prompting()).toBeNull();
    expect((await ledger.appInfo()).version).toBe('1.0.6');
  });
});
