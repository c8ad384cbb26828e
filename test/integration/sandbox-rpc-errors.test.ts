/**
 * The sandbox's HTTP edges: loopback-only binding, JSON-RPC batches and the validator's error
 * codes and messages, body limits, the faucet's refusals and token list, the /v6 mount.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token';
import { useSandbox } from './sandbox-session';
import { airdrop, confirmed, rpc } from './sandbox-rpc-helpers';

const sandbox = useSandbox({ slotMs: 50 });

async function post(
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const response = await fetch(sandbox.rpcUrl, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

async function faucetRaw(body: unknown) {
  const response = await fetch(`${sandbox.rpcUrl}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { signature?: string; error?: string },
  };
}

describe('sandbox HTTP edges', () => {
  it('listens on 127.0.0.1 only', async () => {
    const port = Number(new URL(sandbox.rpcUrl).port);
    const attempt = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = connect({ host, port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    expect(await attempt('127.0.0.1')).toBe('connected');
    // Bound to 0.0.0.0 this would connect; bound to 127.0.0.1 only, another loopback address is refused.
    expect(await attempt('127.0.0.2')).toBe('ECONNREFUSED');
  });

  it('answers batches in order, each with its own result or error', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const { text } = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getBalance', params: [owner] },
        { jsonrpc: '2.0', id: 2, method: 'getBalanceOf', params: [owner] },
        { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] },
        { jsonrpc: '2.0', method: 'getSlot' },
        { id: 5, method: 'getSlot' },
      ]),
    );
    const answers = JSON.parse(text) as {
      id: unknown;
      result?: unknown;
      error?: { code: number; message: string };
    }[];
    expect(answers.map((a) => a.id)).toEqual(['a', 2, 3, 5]); // the notification (no id) gets no answer
    expect(answers[0]!.result).toMatchObject({ value: 0 });
    expect(answers[1]!.error).toEqual({ code: -32601, message: 'Method not found' });
    expect(answers[2]!.error).toEqual({ code: -32602, message: 'Invalid param: Invalid' });
    expect(answers[3]!.error).toEqual({ code: -32600, message: 'Invalid request' });
  });

  it('uses the validator codes for malformed bodies and bad params', async () => {
    expect(JSON.parse((await post('{"jsonrpc":"2.0","id":1,')).text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(JSON.parse((await post('[]')).text).error.code).toBe(-32600);
    expect((await post('{"jsonrpc":"2.0","method":"getSlot"}')).text).toBe('');
    expect((await rpc(sandbox.rpcUrl, 'getBalance', [])).error).toEqual({
      code: -32602,
      message: 'Invalid params: invalid length 0, expected 1 or more.',
    });
    expect((await rpc(sandbox.rpcUrl, 'getBalance', [42])).error?.message).toBe(
      'Invalid params: invalid type: integer `42`, expected a string.',
    );
    const keys = Array.from({ length: 101 }, () => Keypair.generate().publicKey.toBase58());
    expect((await rpc(sandbox.rpcUrl, 'getMultipleAccounts', [keys])).error?.message).toBe(
      'Too many inputs provided; max 100',
    );
    expect(
      (await rpc(sandbox.rpcUrl, 'getSignaturesForAddress', [keys[0], { limit: 1001 }])).error
        ?.message,
    ).toBe('Invalid limit; max 1000');
    expect((await rpc(sandbox.rpcUrl, 'getTokenAccountBalance', [keys[0]])).error?.message).toBe(
      'Invalid param: not a Token account',
    );
    expect(
      (await rpc(sandbox.rpcUrl, 'getTokenAccountsByOwner', [keys[0], { mint: keys[1] }])).error
        ?.message,
    ).toBe('Invalid param: could not find mint');
    expect(
      (await rpc(sandbox.rpcUrl, 'getTokenAccountsByOwner', [keys[0], { programId: keys[1] }]))
        .error?.message,
    ).toBe('Invalid param: unrecognized Token program id');
    const garbage = await rpc(sandbox.rpcUrl, 'sendTransaction', [
      Buffer.from('not a transaction').toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(garbage.error?.code).toBe(-32602);
    expect(garbage.error?.message).toMatch(
      /^failed to deserialize solana_transaction::versioned::VersionedTransaction/,
    );
    const huge = await rpc(sandbox.rpcUrl, 'sendTransaction', [
      'A'.repeat(2000),
      { encoding: 'base64' },
    ]);
    expect(huge.error?.message).toBe(
      'base64 encoded solana_transaction::versioned::VersionedTransaction too large: 2000 bytes (max: encoded/raw 1644/1232)',
    );
    expect(
      (await rpc(sandbox.rpcUrl, 'getSlot', [{ minContextSlot: 10_000_000 }])).error?.code,
    ).toBe(-32016);
    expect(
      (await rpc(sandbox.rpcUrl, 'getAccountInfo', [keys[0], { encoding: 'base32' }])).error?.code,
    ).toBe(-32602);
  });

  it('answers -32003 to a transaction whose signature does not verify', async () => {
    const alice = Keypair.generate();
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction({
      feePayer: alice.publicKey,
      ...(await sandbox.connection.getLatestBlockhash()),
    });
    tx.add(
      SystemProgram.transfer({
        fromPubkey: alice.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(alice);
    const wire = tx.serialize();
    wire[5] ^= 0xff; // inside the signature
    const answer = await rpc(sandbox.rpcUrl, 'sendTransaction', [
      wire.toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(answer.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('enforces method, content type and body size like a validator', async () => {
    expect((await fetch(sandbox.rpcUrl)).status).toBe(405);
    expect(
      (await post('{"jsonrpc":"2.0","id":1,"method":"getSlot"}', { 'content-type': 'text/plain' }))
        .status,
    ).toBe(415);
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getSlot',
      params: ['x'.repeat(5 * 1024 * 1024)],
    });
    expect((await post(big)).status).toBe(413);
    expect((await rpc(sandbox.rpcUrl, 'getSlot')).result).toBeGreaterThan(0);
    const missing = await fetch(`${sandbox.rpcUrl}/nothing-here`);
    expect(missing.status).toBe(404);
  });

  it('lists the token set with real mainnet mints, decimals and token programs', async () => {
    const tokens = (await (await fetch(`${sandbox.rpcUrl}/sandbox/tokens`)).json()) as {
      mint: string;
      symbol: string;
      decimals: number;
      tokenProgram: string;
    }[];
    const bySymbol = Object.fromEntries(tokens.map((t) => [t.symbol, t]));
    expect(Object.keys(bySymbol)).toEqual(
      expect.arrayContaining([
        'SOL',
        'USDC',
        'USDT',
        'JUP',
        'BONK',
        'mSOL',
        'JitoSOL',
        'WIF',
        'RAY',
        'PYUSD',
      ]),
    );
    expect(bySymbol['SOL']).toMatchObject({ mint: NATIVE_MINT.toBase58(), decimals: 9 });
    expect(bySymbol['BONK']).toMatchObject({
      mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
      decimals: 5,
    });
    expect(bySymbol['PYUSD']?.tokenProgram).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    // Every listed mint exists on the ledger with the listed decimals and program.
    const infos = await sandbox.connection.getMultipleParsedAccounts(
      tokens.map((t) => new PublicKey(t.mint)),
    );
    infos.value.forEach((info, i) => {
      expect(info?.owner.toBase58()).toBe(tokens[i]!.tokenProgram);
      expect((info?.data as { parsed: { info: { decimals: number } } }).parsed.info.decimals).toBe(
        tokens[i]!.decimals,
      );
    });
  });

  it('refuses bad faucet requests with 400 and a reason, and funds wrapped SOL', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(await faucetRaw('nope')).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('JSON') },
    });
    expect(await faucetRaw({ owner: 'xyz0', mint: usdc, amount: '1' })).toMatchObject({
      status: 400,
      body: { error: 'owner is not valid base58' },
    });
    expect(
      await faucetRaw({ owner, mint: Keypair.generate().publicKey.toBase58(), amount: '1' }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('is not a token mint') },
    });
    expect(await faucetRaw({ owner, mint: usdc, amount: '1.5' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('decimal string of base units') },
    });
    expect(await faucetRaw({ owner, mint: usdc, amount: 5 })).toMatchObject({ status: 400 });
    expect(await faucetRaw({ owner, mint: usdc, amount: '0' })).toMatchObject({ status: 400 });
    const funded = await faucetRaw({ owner, mint: NATIVE_MINT.toBase58(), amount: '2500000000' });
    expect(funded.status).toBe(200);
    await confirmed(sandbox.connection, funded.body.signature!);
    const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, new PublicKey(owner));
    expect((await sandbox.connection.getTokenAccountBalance(wsol)).value.uiAmountString).toBe(
      '2.5',
    );
    const tx = await sandbox.connection.getTransaction(funded.body.signature!, {
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.err).toBeNull();
    expect(
      (await sandbox.connection.getSignaturesForAddress(new PublicKey(owner)))[0]?.memo,
    ).toMatch(/^\[\d+\] swapdesk sandbox faucet [0-9a-f]{12}$/);
  });

  it('hands every request under /v6/ to the swap API', async () => {
    const response = await fetch(`${sandbox.swapApiUrl}/program-id-to-label`);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(await response.text()).not.toContain('Nothing at');
  });
});
