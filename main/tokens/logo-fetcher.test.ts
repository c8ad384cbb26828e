import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE_LOGO_BODY, logoPng } from '../sandbox/market-data/logos';
import {
  startRecordedApiServer,
  type RecordedApiServer,
} from '../../test/fixtures/recorded-api-server';
import { tempDir } from '../../test/fixtures/temp-dirs';
import {
  createLogoFetcher,
  fetchableLogoUrl,
  isPrivateAddress,
  MAX_LOGO_BYTES,
} from './logo-fetcher';

let host: RecordedApiServer;
beforeEach(async () => {
  host = await startRecordedApiServer();
});
afterEach(() => host.close());

describe('logos fetched by main', () => {
  it('hands a real PNG over as a data: URL and fetches it once per install', async () => {
    const png = logoPng('SOL');
    host.route('/sol.png', { status: 200, body: png, type: 'image/png' });
    const cacheDir = tempDir('swapdesk-logos-');
    const first = createLogoFetcher({ fetch, cacheDir, onSandbox: () => true });
    const dataUrl = await first.dataUrl(`${host.origin}/sol.png`);
    expect(dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);
    // A new start reads the disk cache: no second request.
    const again = await createLogoFetcher({ fetch, cacheDir, onSandbox: () => true }).dataUrl(
      `${host.origin}/sol.png`,
    );
    expect(again).toBe(dataUrl);
    expect(host.requests).toHaveLength(1);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it('refuses a hostile logo: SVG with script, HTML dressed as PNG, oversize, a redirect to nowhere, odd schemes', async () => {
    host.route('/evil.svg', { status: 200, body: HOSTILE_LOGO_BODY, type: 'image/svg+xml' });
    host.route('/fake.png', {
      status: 200,
      body: '<html><script>x()</script></html>',
      type: 'image/png',
    });
    const huge = Buffer.concat([logoPng('BIG'), Buffer.alloc(MAX_LOGO_BYTES)]);
    host.route('/huge.png', { status: 200, body: huge, type: 'image/png' });
    host.route('/moved.png', { status: 302, body: '', type: 'text/plain' });
    const logos = createLogoFetcher({
      fetch,
      cacheDir: tempDir('swapdesk-logos-'),
      onSandbox: () => true,
    });
    for (const path of ['/evil.svg', '/fake.png', '/huge.png', '/moved.png']) {
      expect(await logos.dataUrl(`${host.origin}${path}`)).toBeNull();
    }
    for (const uri of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      `http://user:secret@127.0.0.1:1/a.png`,
      'data:image/svg+xml,<svg onload=alert(1)>',
      'not a url',
    ]) {
      expect(await logos.dataUrl(uri)).toBeNull();
    }
    expect(host.requests.map((r) => r.path)).toEqual([
      '/evil.svg',
      '/fake.png',
      '/huge.png',
      '/moved.png',
    ]);
  });

  it('follows a redirect to a logo, checking every hop, and gives up after three', async () => {
    const png = logoPng('SOL');
    host.route('/sol.png', { status: 200, body: png, type: 'image/png' });
    const to = (location: string) => ({ status: 302, body: '', headers: { location } });
    host.route('/old.png', to('/sol.png'));
    host.route('/to-file.png', to('file:///etc/passwd'));
    host.route('/to-script.png', to('javascript:alert(1)'));
    host.route('/loop.png', to('/loop.png'));
    const logos = createLogoFetcher({
      fetch,
      cacheDir: tempDir('swapdesk-logos-'),
      onSandbox: () => true,
    });
    expect(await logos.dataUrl(`${host.origin}/old.png`)).toBe(
      `data:image/png;base64,${png.toString('base64')}`,
    );
    for (const path of ['/to-file.png', '/to-script.png', '/loop.png']) {
      expect(await logos.dataUrl(`${host.origin}${path}`), path).toBeNull();
    }
    expect(host.requests.map((r) => r.path)).toEqual([
      '/old.png',
      '/sol.png',
      '/to-file.png',
      '/to-script.png',
      ...Array(4).fill('/loop.png'), // the first ask and three hops
    ]);
  });

  it('off the sandbox: https only, and never a host of this machine or its network', () => {
    for (const uri of [
      'http://static.jup.ag/jup/icon.png',
      'https://127.0.0.1/a.png',
      'https://localhost/a.png',
      'https://192.168.1.1/a.png',
      'https://10.0.0.8/a.png',
      'https://172.20.1.1/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/a.png',
      'https://printer.local/a.png',
    ]) {
      expect(fetchableLogoUrl(uri), uri).toBeNull();
    }
    // The published icon of JUP (tokens-v2-search-jup.json) is fine.
    expect(fetchableLogoUrl('https://static.jup.ag/jup/icon.png')?.href).toBe(
      'https://static.jup.ag/jup/icon.png',
    );
    expect(fetchableLogoUrl('http://127.0.0.1:8899/sandbox/logos/SOL.png', true)).not.toBeNull();
  });

  it('an unreachable host gives no logo now, and is tried again at the next start', async () => {
    const cacheDir = tempDir('swapdesk-logos-');
    expect(
      await createLogoFetcher({ fetch, cacheDir, onSandbox: () => true }).dataUrl(
        'http://127.0.0.1:9/a.png',
      ),
    ).toBeNull();
    expect(readdirSync(cacheDir)).toHaveLength(0);
  });
});

describe('host names that resolve to private addresses', () => {
  it('knows the addresses of this machine, its network and nobody', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['151.101.1.1', '8.8.8.8', '172.32.0.1', '2606:4700::6810:84e5']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  // Off the sandbox the logo is on a remote https host, which cannot run here: a recording fetch
  // answers for it. The resolver is the part under test, so it is given each answer in turn.
  function remote() {
    const asked: string[] = [];
    const png = logoPng('JUP');
    const fetchRemote = (async (url: URL) => {
      asked.push(url.href);
      return new Response(png, { status: 200, headers: { 'content-type': 'image/png' } });
    }) as typeof fetch;
    return { asked, png, fetchRemote };
  }

  it('fetches from a name that resolves to public addresses only', async () => {
    const { asked, png, fetchRemote } = remote();
    const logos = createLogoFetcher({
      fetch: fetchRemote,
      cacheDir: tempDir('swapdesk-logos-'),
      onSandbox: () => false,
      resolve: async () => ['151.101.1.1', '2606:4700::6810:84e5'],
    });
    expect(await logos.dataUrl('https://static.jup.ag/jup/icon.png')).toBe(
      `data:image/png;base64,${png.toString('base64')}`,
    );
    expect(asked).toEqual(['https://static.jup.ag/jup/icon.png']);
  });

  it('refuses a name that resolves to a private address, and remembers it', async () => {
    const { asked, fetchRemote } = remote();
    const cacheDir = tempDir('swapdesk-logos-');
    const resolved: string[] = [];
    const logos = createLogoFetcher({
      fetch: fetchRemote,
      cacheDir,
      onSandbox: () => false,
      resolve: async (hostname) => {
        resolved.push(hostname);
        return ['151.101.1.1', '10.0.0.8']; // one private answer is enough
      },
    });
    expect(await logos.dataUrl('https://logo.attacker.example/x.png')).toBeNull();
    expect(resolved).toEqual(['logo.attacker.example']);
    expect(asked).toEqual([]);
    expect(readdirSync(cacheDir)).toHaveLength(1); // the refusal, so it is not asked again
  });

  it('refuses a redirect to plain http or to a name that resolves to a private address', async () => {
    const asked: string[] = [];
    const fetchRemote = (async (url: URL) => {
      asked.push(url.href);
      const location =
        url.pathname === '/a.png' ? 'https://intranet.example/a.png' : 'http://cdn.example/b.png';
      return new Response(null, { status: 302, headers: { location } });
    }) as typeof fetch;
    const logos = createLogoFetcher({
      fetch: fetchRemote,
      cacheDir: tempDir('swapdesk-logos-'),
      onSandbox: () => false,
      resolve: async (hostname) => [
        hostname === 'intranet.example' ? '192.168.1.1' : '151.101.1.1',
      ],
    });
    expect(await logos.dataUrl('https://cdn.example/a.png')).toBeNull();
    expect(await logos.dataUrl('https://cdn.example/b.png')).toBeNull();
    // Neither the private host nor the plain-http address was ever asked.
    expect(asked).toEqual(['https://cdn.example/a.png', 'https://cdn.example/b.png']);
  });

  it('a name that does not resolve gives no logo now, and is tried again at the next start', async () => {
    const { asked, fetchRemote } = remote();
    const cacheDir = tempDir('swapdesk-logos-');
    const logos = createLogoFetcher({
      fetch: fetchRemote,
      cacheDir,
      onSandbox: () => false,
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect(await logos.dataUrl('https://gone.example/x.png')).toBeNull();
    expect(asked).toEqual([]);
    expect(readdirSync(cacheDir)).toHaveLength(0);
  });
});
