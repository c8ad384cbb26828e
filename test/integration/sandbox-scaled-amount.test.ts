/**
 * The sandbox's scaled token XSTK (issue 35) against a real sandbox process: listed by
 * GET /sandbox/tokens, minted by the faucet, its balance answered by the RPC scaled as a
 * validator answers it (`uiAmount`/`uiAmountString` = raw × the multiplier in force, truncated to
 * the decimals), equal to @solana/spl-token's own helper and to the wallet's module, and a
 * multiplier change by POST /sandbox/multiplier — Token-2022's real `UpdateMultiplier` — picked
 * up at its timestamp with no restart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Keypair, PublicKey } from '@solana/web3.js';
import {
  amountToUiAmountForScaledUiAmountMintWithoutSimulation,
  getMint,
  getScaledUiAmountConfig,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { useSandbox } from './sandbox-session';
import { postMultiplier, RAW, XSTK, xstkAccountOf } from './scaled-token-fixtures';
import { faucet, rpc } from './sandbox-rpc-helpers';
import { findSandboxToken } from '../../main/shared/sandbox-tokens';
import { formatScaledUnits } from '../../main/shared/scaled-amount';

const sandbox = useSandbox({ slotMs: 50 });
const owner = Keypair.generate().publicKey;
const account = xstkAccountOf(owner);

async function balance(): Promise<{ amount: string; uiAmount: number; uiAmountString: string }> {
  const answer = await rpc(sandbox.rpcUrl, 'getTokenAccountBalance', [account.toBase58()]);
  return (answer.result as { value: { amount: string; uiAmount: number; uiAmountString: string } })
    .value;
}

async function parsedAmount(): Promise<string> {
  const answer = await rpc(sandbox.rpcUrl, 'getAccountInfo', [
    account.toBase58(),
    { encoding: 'jsonParsed' },
  ]);
  const value = answer.result as {
    value: { data: { parsed: { info: { tokenAmount: { uiAmountString: string } } } } };
  };
  return value.value.data.parsed.info.tokenAmount.uiAmountString;
}

beforeAll(async () => {
  await faucet(sandbox.rpcUrl, owner, XSTK, RAW);
});

describe('XSTK, the sandbox’s Scaled UI Amount token', () => {
  it('is listed by GET /sandbox/tokens as a Token-2022 mint', async () => {
    const response = await fetch(`${sandbox.rpcUrl}/sandbox/tokens`);
    const text = await response.text();
    expect(text).toContain(XSTK);
    expect(text).toContain('XSTK');
    expect(findSandboxToken(XSTK)?.traits?.scaledUiAmount?.multiplier).toBe(1.5);
  });

  it('answers the balance scaled by 1.5×, as spl-token and the wallet compute it', async () => {
    const mint = await getMint(
      sandbox.connection,
      new PublicKey(XSTK),
      'confirmed',
      TOKEN_2022_PROGRAM_ID,
    );
    const config = getScaledUiAmountConfig(mint);
    expect(config?.multiplier).toBe(1.5);
    expect(config?.newMultiplier).toBe(3);
    const value = await balance();
    expect(value).toEqual({
      amount: RAW.toString(),
      decimals: 8,
      uiAmount: 1500,
      uiAmountString: '1500',
    });
    expect(Number(value.uiAmountString)).toBe(
      Number(amountToUiAmountForScaledUiAmountMintWithoutSimulation(RAW, 8, 1.5)),
    );
    expect(value.uiAmountString).toBe(formatScaledUnits(RAW, 8, 1.5));
    expect(await parsedAmount()).toBe('1500');
  });

  it('prints the mint’s scaledUiAmountConfig in jsonParsed, multipliers as decimal strings', async () => {
    const answer = await rpc(sandbox.rpcUrl, 'getAccountInfo', [XSTK, { encoding: 'jsonParsed' }]);
    const info = (
      answer.result as {
        value: {
          data: { parsed: { info: { extensions: { extension: string; state?: unknown }[] } } };
        };
      }
    ).value.data.parsed.info;
    const entry = info.extensions.find((e) => e.extension === 'scaledUiAmountConfig');
    expect(entry?.state).toMatchObject({ multiplier: '1.5', newMultiplier: '3' });
  });

  it('picks up a multiplier change at its timestamp, with no restart', async () => {
    const now = Math.floor(Date.now() / 1000);
    const scheduled = await postMultiplier(sandbox.rpcUrl, {
      mint: XSTK,
      multiplier: 4.5,
      effectiveTimestamp: now + 3,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({
      newMultiplier: 4.5,
      newMultiplierEffectiveTimestamp: now + 3,
    });
    expect((await balance()).uiAmountString).toBe('1500');
    await new Promise((done) => setTimeout(done, 4_500));
    expect((await balance()).uiAmountString).toBe('4500');
    expect(await parsedAmount()).toBe('4500');
    const immediate = await postMultiplier(sandbox.rpcUrl, { mint: XSTK, multiplier: 0.1 });
    expect(immediate.status).toBe(200);
    expect((await balance()).uiAmountString).toBe(formatScaledUnits(RAW, 8, 0.1));
  });

  it('refuses a mint without the extension and a multiplier that is not positive, in words', async () => {
    const usdc = await postMultiplier(sandbox.rpcUrl, {
      mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      multiplier: 2,
    });
    expect(usdc).toEqual({
      status: 400,
      body: {
        error:
          'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v is not a Scaled UI Amount mint on the sandbox network.',
      },
    });
    const zero = await postMultiplier(sandbox.rpcUrl, { mint: XSTK, multiplier: 0 });
    expect(zero.body['error']).toMatch(/multiplier must be a positive number/);
  });
});
