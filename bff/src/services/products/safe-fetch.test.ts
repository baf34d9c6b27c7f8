import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailedError, isPublicAddress, safeFetch, UnsafeAddressError } from './safe-fetch.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped addresses; takes public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('sees the IPv4 inside every IPv6 spelling of it and checks that as IPv4', () => {
    for (const address of [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::ffff:0:7f00:1', // IPv4-translated (RFC 2765)
      '::ffff:0:127.0.0.1',
      '::ffff:7f00:1', // IPv4-mapped, as a URL's host normalises it
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, mapped
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b::7f00:1',
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo whose client is 127.0.0.1
      '2001:db8::1', // documentation
      'ff02::1',
      '::ffff:0:0',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:0:808:808', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('safeFetch', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      if (req.url === '/big') return void res.end(Buffer.alloc(4096));
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('reaches a loopback origin only when it is allowed, and then keeps the size cap and the deadline', async () => {
    await expect(safeFetch(`${origin}/`, { maxBytes: 100, timeoutMs: 1_000 })).rejects.toBeInstanceOf(UnsafeAddressError);
    const allowed = { maxBytes: 100, timeoutMs: 300, allowedOrigins: [origin] };
    expect((await safeFetch(`${origin}/`, allowed)).body.toString()).toBe('ok');
    await expect(safeFetch(`${origin}/big`, allowed)).rejects.toBeInstanceOf(FetchFailedError);
    const started = Date.now();
    await expect(safeFetch(`${origin}/slow`, allowed)).rejects.toThrow('timed out');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses the probe’s IPv6 spellings of loopback in a URL before connecting', async () => {
    for (const host of ['[::127.0.0.1]', '[::ffff:0:7f00:1]', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]']) {
      await expect(safeFetch(`http://${host}:9/`, { maxBytes: 100, timeoutMs: 1_000 }), host).rejects.toBeInstanceOf(UnsafeAddressError);
    }
  });

  it('refuses a name that resolves to a loopback address before connecting', async () => {
    await expect(safeFetch('http://localhost:9/', { maxBytes: 100, timeoutMs: 1_000 })).rejects.toBeInstanceOf(UnsafeAddressError);
  });
});
