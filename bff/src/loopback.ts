import net from 'node:net';

/**
 * Whether a host name or address is this machine's loopback: `localhost`, 127.0.0.0/8, ::1
 * (bracketed or not, as URLs and Host headers write it) and IPv4-mapped ::ffff:127.x.
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice(7) : name;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased; null when malformed. */
export function hostnameOf(hostHeader: string): string | null {
  // A Host header names a host and maybe a port, nothing else (no user info, path or spaces).
  if (!hostHeader || /[@/?#\\\s]/.test(hostHeader)) return null;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}
