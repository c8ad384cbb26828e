/**
 * The sandbox's PubSub API under 200 concurrent subscriptions (issue 33): one WebSocket client
 * holds 200 accountSubscribe (processed) on 200 fresh accounts, then 10 transactions of 20
 * transfers each fund them through the ledger; measured: from the first send to the 200th
 * notification received (and how much of it the ledger took to execute the 10 transactions), and
 * the same with `confirmed` (one slot later, 20 ms slots).
 *
 * Run: `node --import tsx bench/pubsub.ts [rounds]` (default 5). Prints a table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { createLedger } from '../main/sandbox/ledger/ledger';
import { airdrop } from '../main/sandbox/faucet/faucet';
import { PubsubServer } from '../main/sandbox/pubsub/pubsub-server';

const rounds = Number(process.argv[2] ?? 5);
const stateDir = mkdtempSync(join(tmpdir(), 'pubsub-bench-'));
process.on('exit', () => rmSync(stateDir, { recursive: true, force: true }));

const slotMs = 20;
const ledger = createLedger({ stateDir, slotMs });
const server = new PubsubServer({ ledger, slotMs });
const port = await server.listen(0);
const payer = Keypair.generate();
airdrop(ledger, payer.publicKey, 1_000_000_000_000n);

async function round(commitment: 'processed' | 'confirmed'): Promise<[number, number]> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((resolve) => socket.once('open', resolve));
  const recipients = Array.from({ length: 200 }, () => Keypair.generate().publicKey);
  let answered = 0;
  let notified = 0;
  let done: () => void = () => undefined;
  socket.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(String(data)) as { method?: string };
    if (message.method === 'accountNotification') notified += 1;
    else answered += 1;
    if (answered === 200 && notified === 200) done();
  });
  const acknowledged = new Promise<void>((resolve) => {
    const check = setInterval(() => answered === 200 && (clearInterval(check), resolve()), 1);
  });
  recipients.forEach((key, id) =>
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'accountSubscribe',
        params: [key.toBase58(), { commitment, encoding: 'base64' }],
      }),
    ),
  );
  await acknowledged;
  const all = new Promise<void>((resolve) => (done = resolve));
  const started = performance.now();
  for (let i = 0; i < 200; i += 20) {
    const { blockhash } = ledger.latestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight: 0 });
    for (const key of recipients.slice(i, i + 20))
      tx.add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: key, lamports: 1_000_000 }),
      );
    tx.sign(payer);
    const sent = ledger.sendTransaction(tx.serialize());
    if (sent.status !== 'executed') throw new Error(`not executed: ${JSON.stringify(sent)}`);
  }
  const sending = performance.now() - started;
  await all;
  const elapsed = performance.now() - started;
  socket.close();
  return [elapsed, sending];
}

const rows: string[] = [];
for (const commitment of ['processed', 'confirmed'] as const) {
  const runs: [number, number][] = [];
  for (let i = 0; i < rounds; i++) runs.push(await round(commitment));
  const times = runs.map((r) => r[0]).sort((a, b) => a - b);
  const sends = runs.map((r) => r[1]).sort((a, b) => a - b);
  const mid = Math.floor(runs.length / 2);
  rows.push(
    `| 200 accountSubscribe (${commitment}), 10 tx of 20 transfers | ${times[mid]!.toFixed(1)} ms | ${times.at(-1)!.toFixed(1)} ms | ${sends[mid]!.toFixed(1)} ms |`,
  );
}
console.log(
  '| measure | all 200 notified, p50 | max | of which sending, p50 |\n| --- | --- | --- | --- |',
);
console.log(rows.join('\n'));
server.close();
ledger.close();
process.exit(0);
