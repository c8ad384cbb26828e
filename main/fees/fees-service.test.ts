/**
 * The fee settings over a real file in a temporary folder: per network, persisted across a
 * new service, fee accounts explicit or derived from the referral account, and forSwap's
 * answers that need no chain read (fees off, no fitting account).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../preload/api-types';
import type { Address } from '../shared/address';
import { createFeeSettingsFile } from '../settings/fee-settings-file';
import { createFeesService, type FeesConnection } from './fees-service';
import { referralTokenAccount } from './referral';
import { tempDir } from '../../test/fixtures/temp-dirs';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const REFERRAL = '45ruCyfdRkWpRNGEqWzjCiXRHkZs8WXCLQ67Pnpye7Hp';
const ACCOUNT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

const network = (id: NetworkInfo['id']): NetworkInfo => ({
  id,
  label: id,
  rpcUrl: 'http://127.0.0.1:1',
  swapApiUrl: 'http://127.0.0.1:2',
  swapApiFlavour: 'v6',
  isSandbox: id === 'sandbox',
});

let dir: string;
let current: NetworkInfo;
let reads: number;
// Counts chain reads: the answers tested here must come without any.
const connection: FeesConnection = {
  getMultipleAccountsInfo: () => {
    reads++;
    return Promise.reject(new Error('no chain in this test'));
  },
};
const open = () =>
  createFeesService({
    file: createFeeSettingsFile(dir),
    network: () => current,
    connection: () => connection,
  });

beforeEach(() => {
  dir = tempDir('swapdesk-fees-unit-');
  current = network('sandbox');
  reads = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('fee settings', () => {
  it('starts off, persists changes per network, and reads them back in a new service', async () => {
    const fees = open();
    expect(await fees.view()).toMatchObject({ enabled: false, platformFeeBps: 0, accounts: [] });
    await fees.set({ enabled: true, platformFeeBps: 20, referralAccount: REFERRAL });
    await fees.setFeeAccount({ mint: USDC, address: ACCOUNT });
    await fees.setFeeAccount({ mint: SOL, fromReferral: true });
    const again = await open().view();
    expect(again).toMatchObject({
      networkId: 'sandbox',
      enabled: true,
      platformFeeBps: 20,
      highFeeWarning: null,
      referralAccount: REFERRAL,
      operatorShareBps: 250,
    });
    expect(again.accounts).toEqual([
      { mint: USDC, source: 'address', address: ACCOUNT },
      { mint: SOL, source: 'referral', address: referralTokenAccount(REFERRAL as Address, SOL) },
    ]);
    current = network('mainnet');
    expect(await open().view()).toMatchObject({
      networkId: 'mainnet',
      enabled: false,
      accounts: [],
    });
    expect(
      JSON.parse(readFileSync(join(dir, 'fees.json'), 'utf8')).networks.sandbox.platformFeeBps,
    ).toBe(20);
  });

  it('removes a fee account with null, and refuses a referral account before one is set', async () => {
    const fees = open();
    await fees.setFeeAccount({ mint: USDC, address: ACCOUNT });
    await fees.setFeeAccount({ mint: USDC, address: null });
    expect((await fees.view()).accounts).toEqual([]);
    await expect(fees.setFeeAccount({ mint: USDC, fromReferral: true })).rejects.toMatchObject({
      code: 'FEE_ACCOUNT_MISSING',
    });
    await expect(fees.set({ referralAccount: 'not-an-address' })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
  });

  it('a damaged file is left untouched and named', async () => {
    writeFileSync(join(dir, 'fees.json'), '{"version":1,"networks":{"sandbox":{"enabled":"yes"}}}');
    await expect(open().view()).rejects.toMatchObject({ code: 'SETTINGS_FILE_UNREADABLE' });
    expect(readFileSync(join(dir, 'fees.json'), 'utf8')).toContain('"yes"');
  });
});

describe('forSwap without a chain read', () => {
  const swap = { swapMode: 'ExactIn' as const, inputMint: SOL, outputMint: USDC };

  it('answers null when fees are off or 0 bps', async () => {
    const fees = open();
    await fees.setFeeAccount({ mint: USDC, address: ACCOUNT });
    expect(await fees.forSwap(swap)).toBeNull();
    await fees.set({ enabled: true, platformFeeBps: 0 });
    expect(await fees.forSwap(swap)).toBeNull();
    expect(reads).toBe(0);
  });

  it('refuses FEE_ACCOUNT_MISSING when no account fits the swap', async () => {
    const fees = open();
    await fees.set({ enabled: true, platformFeeBps: 20 });
    await expect(fees.forSwap(swap)).rejects.toMatchObject({ code: 'FEE_ACCOUNT_MISSING' });
    await fees.setFeeAccount({ mint: USDC, address: ACCOUNT });
    await expect(fees.forSwap({ ...swap, swapMode: 'ExactOut' })).rejects.toMatchObject({
      code: 'FEE_ACCOUNT_MISSING',
    });
    expect(reads).toBe(0);
  });
});
