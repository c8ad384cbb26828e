/**
 * sandbox.fund ("Get test funds"): 2 SOL by airdrop and some of each sandbox token from the
 * faucet, all confirmed before answering so that the next balances.get shows them.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerClient } from '../ledger/ledger-client';
import type { SandboxServices } from '../network/sandbox-services';
import { WalletError } from '../shared/errors';

export const FUND_LAMPORTS = 2_000_000_000n;
/** Whole tokens of each sandbox token per funding. */
export const FUND_TOKEN_UNITS = 1_000n;
const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/** Handlers of the `sandbox.*` methods; `sandbox` is null on any other network. */
export function createSandboxHandlers(options: {
  ledger: LedgerClient;
  sandbox: SandboxServices | null;
}): HandlerGroup<'sandbox.fund'> {
  const { ledger, sandbox } = options;
  return {
    'sandbox.fund': async ({ address }) => {
      if (!sandbox) {
        throw new WalletError(
          'NOT_SANDBOX',
          'Test funds exist only on the sandbox network. Switch to the sandbox to get some.',
        );
      }
      const tokens = await sandbox.listTokens();
      // The airdrop and each token's mint are independent requests, asked all at once (the
      // person waits for the last; one after another took twice as long). Wrapped SOL cannot be
      // minted; SOL itself comes from the airdrop.
      const signatures = await Promise.all([
        ledger.requestAirdrop(address, FUND_LAMPORTS),
        ...tokens
          .filter((t) => t.mint !== NATIVE_MINT)
          .map((token) =>
            sandbox.faucet(address, token.mint, FUND_TOKEN_UNITS * 10n ** BigInt(token.decimals)),
          ),
      ]);
      await Promise.all(signatures.map((signature) => ledger.confirm(signature)));
      return { signatures };
    },
  };
}
