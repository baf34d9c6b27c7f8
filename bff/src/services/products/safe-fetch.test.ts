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

  it('refuses a name that resolves to a loopback address before connecting', async () => {
    await expect(safeFetch('http://localhost:9/', { maxBytes: 100, timeoutMs: 1_000 })).rejects.toBeInstanceOf(UnsafeAddressError);
  });
});
