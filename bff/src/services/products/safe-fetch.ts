/**
 * Fetching a URL a user gave (a store's product data and images) without letting it reach into
 * the studio's own network: http(s) only, every address the name resolves to must be public
 * (the connection is pinned to the address that was checked, so a second lookup cannot swap it),
 * each redirect is checked the same way, bodies are capped and the whole fetch has a deadline.
 * Origins named in `allowedOrigins` (a local store double in tests) skip the address check.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export class UnsafeAddressError extends Error {
  override name = 'UnsafeAddressError';
}
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
}

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** Whether an address is one the public internet routes to (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Origins (`http://127.0.0.1:8299`) trusted without the address check. */
  allowedOrigins?: readonly string[];
  maxRedirects?: number;
}

export interface FetchedBody {
  url: string;
  contentType: string;
  body: Buffer;
}

/** A lookup that answers only public addresses (all of them checked), for the connection to use. */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: (...args: never[]) => void) {
  const done = callback as unknown as (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
  dns.lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return done(error, '');
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return done(new UnsafeAddressError(`${hostname} resolves to an address that is not public`), '');
    if (options.all) return done(null, addresses);
    return done(null, addresses[0]!.address, addresses[0]!.family);
  });
}

function requestOnce(url: URL, trusted: boolean, deadline: AbortSignal, maxBytes: number) {
  return new Promise<{ status: number; location: string | null; contentType: string; body: Buffer }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        signal: deadline,
        headers: { accept: 'application/json, image/*;q=0.9', 'user-agent': 'StudioStoreImport/1.0' },
        ...(trusted ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location ?? null, contentType: '', body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new FetchFailedError(`larger than ${maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new FetchFailedError(`larger than ${maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location: null, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** GETs `address` under the rules above; answers a 2xx body, or throws UnsafeAddressError / FetchFailedError. */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeAddressError(`${url.protocol} is not fetched`);
    if (url.username || url.password) throw new UnsafeAddressError('credentials in a URL are not fetched');
    const trusted = options.allowedOrigins?.includes(url.origin) ?? false;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!trusted && net.isIP(host) && !isPublicAddress(host)) throw new UnsafeAddressError(`${host} is not a public address`);
    let answer;
    try {
      answer = await requestOnce(url, trusted, deadline, options.maxBytes);
    } catch (error) {
      if (error instanceof UnsafeAddressError || error instanceof FetchFailedError) throw error;
      throw new FetchFailedError(deadline.aborted ? 'timed out' : (error as Error).message);
    }
    if (answer.location) {
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new FetchFailedError(`answered ${answer.status}`);
    return { url: url.href, contentType: answer.contentType, body: answer.body };
  }
  throw new FetchFailedError('too many redirects');
}
