/**
 * Traces: with OTEL_EXPORTER_OTLP_ENDPOINT, every request and every job step is a
 * span sent over OTLP (HTTP, JSON) to `<endpoint>/v1/traces`. DBOS's own OpenTelemetry integration
 * adds its workflow and step spans to the same traces: it uses the tracer provider registered here
 * (`tracingEnabled` in its config); with Temporal, its interceptors do the same across the bff and the
 * worker (`@studio/workflows/temporal`'s tracing.ts). Without the variable nothing is registered, and
 * the API's spans are no-ops.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Context, Middleware } from 'koa';
import { matchedRoute } from './middlewares/request-context.ts';

const tracer = () => trace.getTracer('studio-bff');

export interface Tracing {
  /** What the tracer provider exports through, for spans made elsewhere (Temporal's sandbox); null without an endpoint. */
  spans: { processor: SpanProcessor; resource: Resource } | null;
  /** Sends the spans not sent yet, then stops. */
  shutdown(): Promise<void>;
}

/** Registers the process's tracer provider when `endpoint` is set; answers how to stop it. */
export function startTracing(endpoint: string | undefined, service: { name: string; instance: string }): Tracing {
  if (!endpoint) return { spans: null, shutdown: async () => undefined };
  const resource = resourceFromAttributes({ 'service.name': service.name, 'service.instance.id': service.instance });
  const processor = new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }) });
  const provider = new TracerProvider({ resource, spanProcessors: [processor] });
  const contexts = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contexts);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    spans: { processor, resource },
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Runs `work` in a span named `name`; the span records a thrown error and ends either way. */
export function inSpan<T>(name: string, attributes: Record<string, string | number>, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A server span per request, a child of the caller's (a `traceparent` header), named by the route's
 * template once routing has matched (`GET /api/job-status/:jobId`), never by the path.
 */
export const traceRequests: Middleware = (ctx: Context, next) => {
  const parent = propagation.extract(context.active(), ctx.headers);
  return tracer().startActiveSpan(
    ctx.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } },
    parent,
    async (span) => {
      try {
        await next();
      } finally {
        const route = matchedRoute(ctx);
        if (route) {
          span.updateName(`${ctx.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', ctx.status);
        if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    },
  );
};
