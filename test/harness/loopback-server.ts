/**
 * Starting the test's stand-in HTTP servers (hostile services, proxies, recorded answers) on a
 * free loopback port, closing one that keeps connections alive (a browser's) at once, and a
 * proxy's answer when its own forwarding fails.
 */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Listens on a free port of 127.0.0.1 and answers the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Tracks `server`'s connections from now on and answers a close that destroys those still
 * open (a browser keeps them alive) before the server closes, so the close does not wait.
 */
export function closerOf(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    });
}

/** A stand-in proxy's answer when its own forwarding fails: 502, the error in the API's shape. */
export function answerProxyFailure(response: ServerResponse, error: unknown): void {
  response.writeHead(502, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ errorCode: 'PROXY_ERROR', error: String(error) }));
}
