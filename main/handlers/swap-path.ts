/**
 * swapPath.get and swapPath.set (issue 22): the person's Swap path for the current network,
 * offered only when its swap service speaks the Swap API v2.
 */
import type { NetworkInfo } from '../../preload/api-types';
import type { HandlerGroup } from '../bridge/handler-types';
import type { SwapPathStore } from '../settings/swap-path-file';
import { WalletError } from '../shared/errors';

export type SwapPathMethod = 'swapPath.get' | 'swapPath.set';

export function createSwapPathHandlers(deps: {
  network: () => NetworkInfo;
  store: SwapPathStore;
}): HandlerGroup<SwapPathMethod> {
  const view = async () => {
    const network = deps.network();
    return {
      network: network.id,
      offered: network.swapApiFlavour === 'swap-v2',
      path: await deps.store.get(network.id),
    };
  };
  return {
    'swapPath.get': view,
    'swapPath.set': async ({ path }) => {
      const network = deps.network();
      if (network.swapApiFlavour !== 'swap-v2') {
        throw new WalletError(
          'INVALID_SWAP_REQUEST',
          'The swap path is a choice of the Swap API v2 only; this network’s swap service has one way to swap.',
        );
      }
      await deps.store.set(network.id, path);
      return view();
    },
  };
}
