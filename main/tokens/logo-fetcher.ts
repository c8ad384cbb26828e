/**
 * Token logos fetched by main, never by the page (issue 11). A logo URL comes from a token list
 * anybody can get a token into, so it is treated as hostile: only http(s), no credentials in
 * it, never a host of this machine or its network (written as one, or resolving to one, at
 * every redirect), at most 64 KiB, and only PNG, JPEG, GIF or WebP whose first bytes prove it
 * (never SVG, which can carry script and fetch more). What passes is handed to the renderer as a `data:`
 * URL, which the strict CSP allows for images; what fails is remembered as "no logo", and the
 * renderer draws a neutral placeholder. Results are cached on disk by the URL's hash, so a logo
 * is fetched once per install.
 */
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { mkdir, readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';
import { readCapped } from './market-http';
import { hasCredentials, urlOrNull } from '../shared/url-text';

export const MAX_LOGO_BYTES = 64 * 1024;

/** Magic numbers of the image types a logo may be. */
const SIGNATURES: { type: string; matches: (bytes: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    matches: (b) => String.fromCharCode(...b.subarray(0, 4)) === 'GIF8',
  },
  {
    type: 'image/webp',
    matches: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

/** The image type its bytes prove, or null. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

/** Hosts of this machine or its local network, written as names or IP literals. */
const LOCAL_HOST =
  /^(localhost|.*\.localhost|.*\.local|127(\.\d+){3}|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|169\.254(\.\d+){2}|0\.0\.0\.0|\[.*\])$/i;

/**
 * The URL main may fetch a logo from, or null. Off the sandbox: https only, and never a host of
 * this machine or its local network (a token list must not make the wallet probe a router).
 * On the sandbox, whose logos are served on 127.0.0.1, plain http to it is allowed.
 */
export function fetchableLogoUrl(text: string, sandbox = false): URL | null {
  const url = urlOrNull(text);
  if (url === null || hasCredentials(url)) return null;
  if (sandbox) return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  if (url.protocol !== 'https:' || LOCAL_HOST.test(url.hostname)) return null;
  return url;
}

/**
 * Addresses that are this machine, its network, or nobody's (RFC 6890 special-purpose blocks):
 * a public name that resolves to one of them is a token list aiming the wallet at a router, a
 * printer or a cloud metadata service. IPv4-mapped IPv6 addresses are checked as IPv4.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a logo must never be fetched from. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Every address a host name resolves to (the system resolver, as the fetch will use). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true })).map((entry) => entry.address);

export interface LogoFetcherDeps {
  fetch: typeof fetch;
  /** Folder of the logo cache. */
  cacheDir: string;
  /** True while the sandbox is the network: its logos are on http://127.0.0.1. */
  onSandbox: () => boolean;
  timeoutMs?: number;
  /** How host names are resolved before a fetch off the sandbox; the system's by default. */
  resolve?: ResolveHost;
}

export interface LogoFetcher {
  /** The logo as a data: URL, or null when there is none that is safe to show. */
  dataUrl(logoUri: string | null): Promise<string | null>;
}

/** What a download gave: bytes, a refusal (too big, not found), or nothing (unreachable). */
type Download = Uint8Array | 'refused' | 'unreachable';

/** Hops a logo may take before it is refused (CDNs and IPFS gateways redirect once or twice). */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The bytes of a 200 answer, at most MAX_LOGO_BYTES of them. */
async function readLogo(response: Response): Promise<Download> {
  if (response.status >= 500) return 'unreachable';
  if (response.status !== 200 || !response.body) return 'refused';
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_LOGO_BYTES) {
    await response.body.cancel().catch(() => undefined);
    return 'refused';
  }
  try {
    const bytes = await readCapped(response, MAX_LOGO_BYTES);
    return bytes === null ? 'refused' : new Uint8Array(bytes);
  } catch {
    return 'unreachable'; // broken off: tried again at the next start
  }
}

/** Where a redirect leads, if the logo may be fetched from there. */
function nextUrl(location: string, from: URL, deps: LogoFetcherDeps): URL | null {
  try {
    return fetchableLogoUrl(new URL(location, from).href, deps.onSandbox());
  } catch {
    return null;
  }
}

export function createLogoFetcher(deps: LogoFetcherDeps): LogoFetcher {
  const memory = new Map<string, Promise<string | null>>();

  /**
   * Off the sandbox, a name that resolves to a private address is refused like a private
   * literal. (The fetch resolves again when it connects; a name that changes its answer in
   * between is not caught here.)
   */
  async function hostCheck(url: URL): Promise<Download | undefined> {
    if (deps.onSandbox()) return undefined;
    const addresses = await (deps.resolve ?? resolveHost)(
      url.hostname.replace(/^\[|\]$/g, ''),
    ).catch(() => null);
    if (addresses === null || addresses.length === 0) return 'unreachable';
    return addresses.some(isPrivateAddress) ? 'refused' : undefined;
  }

  /**
   * The logo's answer, following redirects one hop at a time: each new address must pass the
   * same checks as the first (scheme, credentials, private hosts), because a redirect could
   * lead anywhere, a file: or a router's page included.
   */
  async function download(start: URL): Promise<Download> {
    const signal = AbortSignal.timeout(deps.timeoutMs ?? 8_000);
    let url = start;
    for (let hop = 0; ; hop += 1) {
      const blocked = await hostCheck(url);
      if (blocked) return blocked;
      let response: Response;
      try {
        response = await deps.fetch(url, {
          redirect: 'manual',
          signal,
          headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' },
        });
      } catch {
        return 'unreachable';
      }
      if (!REDIRECT_STATUSES.has(response.status)) return readLogo(response);
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      const next = location === null || hop === MAX_REDIRECTS ? null : nextUrl(location, url, deps);
      if (!next) return 'refused';
      url = next;
    }
  }

  async function load(uri: string): Promise<string | null> {
    const url = fetchableLogoUrl(uri, deps.onSandbox());
    if (!url) return null;
    const file = join(deps.cacheDir, `${createHash('sha256').update(url.href).digest('hex')}.txt`);
    const cached = await readFile(file, 'utf8').catch(() => null);
    if (cached !== null) return cached === '' ? null : cached;
    const bytes = await download(url);
    // Unreachable: no logo this time, asked again at the next start.
    if (bytes === 'unreachable') return null;
    const type = bytes === 'refused' ? null : imageTypeOf(bytes);
    const dataUrl =
      bytes !== 'refused' && type
        ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
        : null;
    // A refusal is cached too ('' = none), so a hostile host is asked once, not on every render.
    await mkdir(deps.cacheDir, { recursive: true })
      .then(() => writeFileAtomic(file, dataUrl ?? ''))
      .catch(() => undefined);
    return dataUrl;
  }

  return {
    dataUrl(logoUri) {
      if (!logoUri) return Promise.resolve(null);
      let pending = memory.get(logoUri);
      if (!pending) {
        pending = load(logoUri);
        memory.set(logoUri, pending);
      }
      return pending;
    },
  };
}
