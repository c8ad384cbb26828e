/**
 * Swap benchmark (issue 4): what the bridge adds to a quote, and how long a review takes.
 *
 * It starts the BUILT web preview (which starts its own sandbox) and measures, on loopback:
 *  - `swap.quote` through the bridge (the HTTP transport of the preview: token and Origin check,
 *    zod parsing, the wallet's swap API client with response validation) against a direct
 *    GET /v6/quote with the same parameters to the same sandbox;
 *  - the time from **Review swap** (`swap.review`: POST /swap, decode, lookup tables,
 *    simulation, guard) to the report, with a direct quote timed right after each review, so
 *    the ratio of the two medians is measured in the same run (issue 26: goal at most 4x).
 *
 * The preview needs an OS keychain; without a D-Bus session this re-runs itself inside a private
 * one with a throwaway gnome-keyring, as `npm test` does.
 *
 *   npm run bench -- swap        (or: node --import tsx bench/swap.ts [quotes] [reviews])
 */
import { fileURLToPath } from 'node:url';
import { startPreview } from '../test/harness/preview';
import { ensurePrivateKeyring, percentile } from './lib/private-keyring';
import { bridge, timed } from './lib/preview-bridge';
import { firstAccount } from '../test/integration/wallet-setup';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function row(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  const cells = [percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99), mean];
  return `| ${name} | ${sorted.length} | ${cells.map((ms) => ms.toFixed(2)).join(' | ')} |`;
}

async function main(): Promise<void> {
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  const quotes = Number(process.argv[2] ?? 300);
  const reviews = Number(process.argv[3] ?? 200);
  const preview = await startPreview();
  try {
    // The first account as onboarding makes it (issue 24): a password, a phrase, three words.
    const account = await firstAccount((method: string, request: unknown) =>
      bridge(preview, method, request),
    );
    await bridge(preview, 'sandbox.fund', { address: account.address });

    // Amounts vary a little so no layer can answer from a cache.
    const amountOf = (i: number): string => String(100_000_000n + BigInt(i) * 1_000n);
    const viaBridge = (i: number) =>
      bridge(preview, 'swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: amountOf(i),
        swapMode: 'ExactIn',
        slippage: { bps: 50 },
      });
    const direct = async (i: number) => {
      const url = new URL(`${preview.swapApiUrl}/quote`);
      url.search = new URLSearchParams({
        inputMint: SOL,
        outputMint: USDC,
        amount: amountOf(i),
        slippageBps: '50',
        swapMode: 'ExactIn',
      }).toString();
      const response = await fetch(url);
      if (!response.ok) throw new Error(`direct quote: HTTP ${response.status}`);
      return response.json();
    };

    for (let i = 0; i < 20; i += 1) {
      await viaBridge(i);
      await direct(i);
    }
    const bridgeMs: number[] = [];
    const directMs: number[] = [];
    // Interleaved, so that both see the same machine load.
    for (let i = 0; i < quotes; i += 1) {
      bridgeMs.push(await timed(() => viaBridge(i)));
      directMs.push(await timed(() => direct(i)));
    }

    const reviewMs: number[] = [];
    const besideReviewMs: number[] = [];
    for (let i = 0; i < reviews; i += 1) {
      const quote = (await viaBridge(i)) as { quoteId: string };
      reviewMs.push(await timed(() => bridge(preview, 'swap.review', { quoteId: quote.quoteId })));
      // The baseline of the ratio, under the same load as the review just timed.
      besideReviewMs.push(await timed(() => direct(i)));
    }

    console.log('\nSwap benchmark: loopback, web preview + sandbox, SOL -> USDC 0.1 SOL, ms\n');
    console.log('| measure | n | p50 | p90 | p99 | mean |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('quote, direct GET /v6/quote', directMs));
    console.log(row('quote, through the bridge (swap.quote)', bridgeMs));
    console.log(row('Review swap -> report (swap.review)', reviewMs));
    console.log(row('quote, direct, timed beside each review', besideReviewMs));
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    console.log(
      `\nThe bridge adds ${(median(bridgeMs) - median(directMs)).toFixed(2)} ms at the median.`,
    );
    const ratio = median(reviewMs) / median(besideReviewMs);
    console.log(
      `A review takes ${ratio.toFixed(1)}x a direct quote of the same run (p50 ${median(reviewMs).toFixed(2)} ms against ${median(besideReviewMs).toFixed(2)} ms): ${ratio <= 4 ? 'within' : 'OVER'} the 4x goal.`,
    );
  } finally {
    await preview.stop();
  }
}

await main();
