/**
 * Temporal's own OpenTelemetry integration, with OTEL_EXPORTER_OTLP_ENDPOINT: the
 * bff's client opens a `StartWorkflow:<type>` span and carries its context in the run's headers; the
 * worker's plugin adds the workflow's spans (`RunWorkflow`, `StartActivity`, from inside the
 * sandbox) and a `RunActivity:<step>` span around each activity, in the same trace. So a request
 * that starts a video is one trace down to every section's steps, across both processes.
 *
 * The integration is built on OpenTelemetry's 1.x span types, the studio's tracer provider on 3.x:
 * the spans the sandbox hands over are given the 3.x names of the fields that moved (the
 * instrumentation scope, the parent's context) before they reach the process's span processor.
 */
import { OpenTelemetryPlugin, OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { WorkflowClientInterceptor } from '@temporalio/client';

/** What the process's tracer provider exports through (its span processor and resource). */
export interface SpanOutlet {
  processor: SpanProcessorLike;
  resource: unknown;
}

interface SpanProcessorLike {
  onStart(span: never, context: never): void;
  onEnd(span: never): void;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

interface SpanContextLike {
  traceId: string;
  spanId: string;
  traceFlags: number;
}

/** A finished span as the sandbox hands it over: 1.x field names, or already 3.x ones. */
export interface SandboxSpan {
  spanContext(): SpanContextLike;
  parentSpanId?: string;
  parentSpanContext?: SpanContextLike & { isRemote?: boolean };
  instrumentationLibrary?: { name: string; version?: string; schemaUrl?: string };
  instrumentationScope?: { name: string; version?: string; schemaUrl?: string };
}

/** A sandbox span with the 3.x names of the fields that moved (`instrumentationScope`, `parentSpanContext`). */
export function asCurrentSpan<T extends SandboxSpan>(span: T): T {
  const own = span.spanContext();
  return {
    ...span,
    instrumentationScope: span.instrumentationScope ?? span.instrumentationLibrary ?? { name: '@temporalio/interceptors-opentelemetry' },
    parentSpanContext:
      span.parentSpanContext ??
      (span.parentSpanId ? { traceId: own.traceId, spanId: span.parentSpanId, traceFlags: own.traceFlags, isRemote: false } : undefined),
  };
}

/** The worker's plugin: activity spans on the process's tracer, workflow spans through `outlet`. */
export function temporalTracingPlugin(outlet: SpanOutlet): OpenTelemetryPlugin {
  const processor: SpanProcessorLike = {
    onStart: () => undefined, // the sandbox hands spans over only once they have ended
    onEnd: (span) => outlet.processor.onEnd(asCurrentSpan(span as SandboxSpan) as never),
    forceFlush: () => outlet.processor.forceFlush(),
    shutdown: async () => undefined, // the process's tracer provider shuts its processor down
  };
  return new OpenTelemetryPlugin({ resource: outlet.resource as never, spanProcessor: processor });
}

/** The client's interceptors: a span for each start, cancel or read of a run, its context sent along. */
export function temporalClientTracing(): { workflow: WorkflowClientInterceptor[] } {
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}
