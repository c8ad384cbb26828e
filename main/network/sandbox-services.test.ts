/**
 * The sandbox token list and faucet client against a small HTTP server standing in for the
 * sandbox's two extra endpoints (the real sandbox is exercised in the preview integration test).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxServices } from './sandbox-services';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

const USDC = {
  mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
};

async function serve(
  answer: (path: string, body: string) => { status: number; json: unknown },
): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${body}`.trim());
      const { status, json } = answer(req.url ?? '', body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, requests };
}

describe('sandbox services', () => {
  it('fetches the token list once and keeps only well-formed entries', async () => {
    const { url, requests } = await serve(() => ({ status: 200, json: [USDC, { mint: 'x' }] }));
    const sandbox = createSandboxServices({ rpcUrl: `${url}/`, fetch });
    expect(await sandbox.listTokens()).toEqual([USDC]);
    expect(await sandbox.listTokens()).toEqual([USDC]);
    expect(requests).toEqual(['GET /sandbox/tokens']);
  });

  it('tries the list again after a failure', async () => {
    let calls = 0;
    const { url } = await serve(() =>
      calls++ === 0 ? { status: 500, json: { error: 'starting' } } : { status: 200, json: [USDC] },
    );
    const sandbox = createSandboxServices({ rpcUrl: url, fetch });
    await expect(sandbox.listTokens()).rejects.toMatchObject({ code: 'FUNDING_FAILED' });
    expect(await sandbox.listTokens()).toEqual([USDC]);
  });

  it('asks the faucet for base units as a decimal string and answers the signature', async () => {
    const { url, requests } = await serve(() => ({ status: 200, json: { signature: 'sig1' } }));
    const sandbox = createSandboxServices({ rpcUrl: url, fetch });
    expect(await sandbox.faucet('owner1', USDC.mint, 12_345_678_901_234_567_890n)).toBe('sig1');
    expect(requests).toEqual([
      `POST /sandbox/faucet {"owner":"owner1","mint":"${USDC.mint}","amount":"12345678901234567890"}`,
    ]);
  });

  it('passes the faucet refusal on as FUNDING_FAILED', async () => {
    const { url } = await serve(() => ({ status: 400, json: { error: 'unknown mint' } }));
    const sandbox = createSandboxServices({ rpcUrl: url, fetch });
    await expect(sandbox.faucet('o', 'm', 1n)).rejects.toMatchObject({
      code: 'FUNDING_FAILED',
      message: 'The sandbox faucet refused the request (HTTP 400). Try again in a moment.',
      serviceMessage: 'unknown mint',
      serviceFrom: 'faucet',
    });
  });

  // Issue 32: the faucet's answer is remote text; a phishing line in it never reaches the
  // sentence, and rides apart sanitized (no bidi marks, the link defanged).
  it("keeps a hostile faucet's words out of the sentence, sanitized apart", async () => {
    const said =
      'Faucet moved!\u202e Claim at https://sandbox-faucet.example/claim with your phrase';
    const { url } = await serve(() => ({ status: 429, json: { error: said } }));
    const sandbox = createSandboxServices({ rpcUrl: url, fetch });
    const error = await sandbox.faucet('o', 'm', 1n).then(
      () => null,
      (thrown: unknown) => thrown as { message: string; serviceMessage?: string },
    );
    expect(error?.message).toBe(
      'The sandbox faucet refused the request (HTTP 429). Try again in a moment.',
    );
    expect(error?.serviceMessage).toBe(
      'Faucet moved! Claim at hxxps[:]//sandbox-faucet[.]example/claim with your phrase',
    );
  });
});
