/**
 * A Shopify-style store on 127.0.0.1 for the store import's tests: `/products.json`,
 * `/products/<handle>.json`, product pages and their photos (PNGs drawn here). Also serves what
 * a hostile store would: a redirect into the studio's own network, an oversized image, data that
 * is not a store's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface StoreDouble {
  origin: string;
  /** Sets where `/redirect` sends the client (an address the import must refuse). */
  redirectTo(location: string): void;
  close(): Promise<void>;
}

/** Each product's listing: its photos' colours and, as stores write it, an HTML description (or none). */
const PRODUCTS = [
  {
    id: 101,
    handle: 'amber-serum',
    title: 'Amber Serum',
    colours: ['#d9822b', '#b5651d', '#f0a04b'],
    body_html:
      '<p>A lightweight <strong>vitamin C serum</strong> that brightens dull skin.</p><ul><li>Fades dark spots in four weeks</li><li>Fragrance-free &amp; vegan</li></ul>',
  },
  {
    id: 102,
    handle: 'mint-bottle',
    title: 'Mint Bottle',
    colours: ['#3aa17e', '#2d7d62', '#69c9a5', '#1f5e49'],
    body_html: '<p>An insulated steel bottle that keeps water cold for 24 hours.</p><p>Leak-proof lid that fits every cup holder.</p>',
  },
  {
    id: 103,
    handle: 'ink-mug',
    title: 'Ink Mug',
    colours: ['#33415c', '#5c677d', '#7d8597', '#0f1a33', '#979dac', '#001233'],
    body_html: '<p>A stoneware mug with a deep ink glaze that keeps coffee hot longer.</p>',
  },
  {
    id: 104,
    handle: 'rose-candle',
    title: 'Rose Candle',
    colours: ['#e07a8f', '#c9184a', '#ff8fab', '#a4133c', '#ffb3c1'],
    body_html: null,
  },
];

/** A product photo: a rounded bottle of `colour` on a light backdrop. */
const photo = (colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><rect width="480" height="600" fill="#f4f1ec"/>` +
        `<rect x="170" y="90" width="140" height="420" rx="48" fill="${colour}"/><rect x="205" y="40" width="70" height="70" rx="12" fill="#222"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

export async function startStoreDouble(port = 0): Promise<StoreDouble> {
  const images = new Map<string, Buffer>();
  for (const product of PRODUCTS)
    for (const [i, colour] of product.colours.entries()) images.set(`/cdn/${product.handle}-${i}.png`, await photo(colour));
  let redirect = 'http://127.0.0.1:1/';
  const listed = (origin: string) =>
    PRODUCTS.map((p) => ({
      id: p.id,
      handle: p.handle,
      title: p.title,
      body_html: p.body_html,
      // Shopify lists protocol-relative image URLs.
      images: p.colours.map((_, i) => ({ src: `//${new URL(origin).host}/cdn/${p.handle}-${i}.png` })),
    }));
  const server = http.createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    const url = new URL(req.url ?? '/', origin);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/products.json') return json({ products: listed(origin) });
    // Hostile product pages: a redirect elsewhere, an image over the size cap, data that is not a store's.
    if (url.pathname === '/products/redirect.json') return void res.writeHead(302, { location: redirect }).end();
    if (url.pathname === '/products/huge.json')
      return json({ product: { id: 1, handle: 'huge', title: 'Huge', images: [{ src: '/cdn/huge.png' }] } });
    if (url.pathname === '/products/not-a-store.json') return json({ hello: 'world' });
    if (url.pathname === '/cdn/huge.png') {
      res.setHeader('content-type', 'image/png');
      return void res.end(Buffer.alloc(11 * 1024 * 1024));
    }
    const one = /^\/products\/([\w-]+)\.json$/.exec(url.pathname);
    if (one) {
      const product = listed(origin).find((p) => p.handle === one[1]);
      if (!product) return void res.writeHead(404).end();
      return json({ product });
    }
    const image = images.get(url.pathname);
    if (image) {
      res.setHeader('content-type', 'image/png');
      return void res.end(image);
    }
    if (url.pathname.startsWith('/products/')) {
      res.setHeader('content-type', 'text/html');
      return void res.end('<html><body>A product page</body></html>');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectTo: (location) => void (redirect = location),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
