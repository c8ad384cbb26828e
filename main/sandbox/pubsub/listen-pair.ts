/**
 * Binds the RPC server and the PubSub server side by side, the WebSocket at the RPC port + 1 as
 * a validator does (web3.js derives its WebSocket URL that way). With `--port 0` a pair of free
 * ports is looked for: a free RPC port whose neighbour is taken is given back and another tried.
 */
import type { Server } from 'node:http';
import type { PubsubServer } from './pubsub-server';

const ATTEMPTS = 20;

export class PortInUseError extends Error {}

function listenHttp(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Listens on 127.0.0.1: the RPC on `port` (0: any free one) and the PubSub API on the next.
 * Rejects with PortInUseError (its message says which port and what to do) when a port asked
 * for is taken.
 */
export async function listenPair(
  server: Server,
  pubsub: PubsubServer,
  port: number,
): Promise<{ rpcPort: number; wsPort: number }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let rpcPort: number;
    try {
      rpcPort = await listenHttp(server, port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new PortInUseError(`port ${port} is in use; pass --port 0 for a free one`);
      throw error;
    }
    try {
      if (rpcPort < 65535) return { rpcPort, wsPort: await pubsub.listen(rpcPort + 1) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
    await new Promise((done) => server.close(done));
    if (port !== 0) {
      throw new PortInUseError(
        `port ${rpcPort + 1} (the WebSocket port, the RPC port + 1) is in use; pass another --port, or --port 0 for a free pair`,
      );
    }
  }
  throw new PortInUseError(`no two free neighbouring ports found in ${ATTEMPTS} tries`);
}
