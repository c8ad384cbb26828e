/**
 * The set-up of the suites behind the tamper proxy (swap-tamper.test.ts,
 * swap-service-message.test.ts): one proxy and one preview pointed at it (`--swap-api-url`), one
 * Chromium, for the whole file. The sandbox runs without Jupiter's program: the proxy's tampers
 * are written against the sandbox's own CP-Swap instructions (the route-form tampers are proven
 * on executed Jupiter routes in test/integration/guard-jupiter-routes.test.ts). After each test
 * the proxy is honest again and rewrites nothing.
 */
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { usePreviewSession, type PreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import { startTamperProxy, type TamperProxy } from './swap-tamper-proxy';

export interface TamperSession {
  /** The preview session (openApp, preview, browser). */
  readonly session: PreviewSession;
  /** The file's proxy (read it inside a test: it starts in beforeAll). */
  readonly proxy: TamperProxy;
}

/**
 * Registers the file's hooks and answers the proxy and session they run. Call it at the top
 * level of a test file.
 *
 * @example
 * const tamper = useTamperSession();
 * it('…', async () => { tamper.proxy.mode = 'cut-output'; await tamper.session.openApp(); });
 */
export function useTamperSession(): TamperSession {
  let proxy: TamperProxy | undefined;

  // Registered before the session's hooks, so it runs after them: the proxy closes last.
  afterAll(async () => {
    await proxy?.close();
  });

  const session = usePreviewSession({
    start: async () => {
      const started = await startTamperProxy();
      proxy = started;
      const preview = await startPreview({
        args: ['--swap-api-url', started.url, '--jupiter-program', 'none'],
      });
      started.connect({
        rpcUrl: preview.rpcUrl,
        sandboxStateDir: join(preview.dataDir, 'sandbox'),
      });
      return preview;
    },
  });

  // Registered after the session's hooks, so it runs before their clean-up.
  afterEach(() => {
    if (proxy === undefined) return;
    proxy.mode = 'honest';
    proxy.rewrite = null;
  });

  return {
    session,
    get proxy() {
      if (proxy === undefined) throw new Error('the proxy is not started: use it inside a test');
      return proxy;
    },
  };
}
