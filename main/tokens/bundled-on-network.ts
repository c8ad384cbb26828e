/**
 * Which of the bundled list's tokens (resources/tokens/mainnet.json) name the mints of a
 * network (issue 18). The list holds mainnet's mints. The sandbox recreates those very mints
 * with mainnet's decimals and token programs (the list both sides know, main/shared/sandbox-tokens.ts), so on the sandbox every
 * bundled token the sandbox also has is named by the list: a swap service without a token
 * directory then still shows USDC as USDC. A bundled token the sandbox lacks is left out, so no
 * picker offers a mint that does not exist there. Mainnet and custom networks get the whole
 * list, as before (a custom network is most often mainnet through another RPC or swap host).
 */
import type { NetworkInfo } from '../../preload/api-types';
import { SANDBOX_TOKENS } from '../shared/sandbox-tokens';
import type { DirectoryToken } from './token-entry';

/** The bundled tokens that are the same mint, with the same decimals and program, on `network`. */
export function bundledOnNetwork(
  bundled: readonly DirectoryToken[],
  network: Pick<NetworkInfo, 'isSandbox'>,
): DirectoryToken[] {
  if (!network.isSandbox) return [...bundled];
  return bundled.filter((token) =>
    SANDBOX_TOKENS.some(
      (own) =>
        own.mint === token.mint &&
        own.decimals === token.decimals &&
        own.tokenProgram === token.tokenProgram,
    ),
  );
}
