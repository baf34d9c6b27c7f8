import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/HTTP JSON carries it, with the name of its instrumentation scope. */
export interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  scope: string;
}

export interface TraceReceiver {
  /** The endpoint to give OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every span received so far. */
  spans: ExportedSpan[];
  close(): Promise<void>;
}

/** An OTLP/HTTP trace receiver (JSON), as a collector would be: it keeps every span it is sent. */
export async function startTraceReceiver(): Promise<TraceReceiver> {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resource of body.resourceSpans ?? [])
          for (const scoped of resource.scopeSpans ?? [])
            for (const span of scoped.spans ?? []) spans.push({ ...span, scope: scoped.scope?.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span's attribute, a string or a number. */
export function spanAttribute(span: ExportedSpan, key: string): string | number | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
}
