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
import ipaddr from 'ipaddr.js';

export class UnsafeAddressError extends Error {
  override name = 'UnsafeAddressError';
}
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
}

/** The 32 bits at `high`, `low` of an IPv6 address's 16-bit parts, as the IPv4 address they carry. */
const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 one stands for, when it is one of the forms that carry one: mapped
 * (`::ffff:a.b.c.d`), translated (`::ffff:0:a.b.c.d`), compatible (`::a.b.c.d`, deprecated but
 * still routed by some stacks), NAT64 (`64:ff9b::/96`), 6to4 (`2002:AABB:CCDD::`)
 * and Teredo (the client's address, bits inverted, in the last 32). Null for any other address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4Of(p[6]!, p[7]!);
    case 'rfc6052':
      // 64:ff9b::/96 carries the address in its last 32 bits; the local-use 64:ff9b:1::/48 is refused whole.
      return p[1] === 0xff9b && p[2] === 0 ? ipv4Of(p[6]!, p[7]!) : new ipaddr.IPv4([0, 0, 0, 0]);
    case '6to4':
      return ipv4Of(p[1]!, p[2]!);
    case 'teredo':
      return ipv4Of(~p[6]! & 0xffff, ~p[7]! & 0xffff);
  }
  return p.slice(0, 6).every((part) => part === 0) ? ipv4Of(p[6]!, p[7]!) : null;
}

/**
 * Whether an address is one the public internet routes to. Parsed with ipaddr.js, which reads
 * every spelling of an IPv6 address, rather than matched as text: an IPv4 address is public when
 * its range is `unicast` (not loopback, private, link-local, shared, reserved, multicast…); an IPv6
 * one that carries an IPv4 address is judged by that IPv4 address; any other IPv6 address must be
 * global `unicast`.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  return v4 ? v4.range() === 'unicast' : v6.range() === 'unicast';
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
