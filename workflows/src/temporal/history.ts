import type { temporal } from '@temporalio/proto';

/** A step (an activity) as a run's Temporal history records it: the last attempt's start, its length, its error. */
export interface RecordedStep {
  name: string;
  startedAt: string | null;
  durationMs: number | null;
  error: string | null;
}

type Event = temporal.api.history.v1.IHistoryEvent;

/** An event's time in epoch milliseconds (its seconds may be a Long, a number or a string). */
function timeOf(event: Event): number | undefined {
  const time = event.eventTime;
  if (!time) return undefined;
  const seconds = time.seconds as { toNumber(): number } | number | string | null | undefined;
  const whole = typeof seconds === 'object' && seconds ? seconds.toNumber() : Number(seconds ?? 0);
  return whole * 1000 + Math.floor((time.nanos ?? 0) / 1e6);
}

/**
 * The steps of a run from its event history (`WorkflowHandle.fetchHistory()`), in the order they were
 * scheduled: an activity's scheduled event names it, its started event gives the last attempt's
 * start, and its completed, failed, timed-out or cancelled event ends it. A step still running has
 * no duration.
 */
export function stepsOfHistory(history: temporal.api.history.v1.IHistory): RecordedStep[] {
  const steps = new Map<string, RecordedStep & { startedMs: number | undefined }>();
  const end = (scheduledEventId: unknown, event: Event, error: string | null) => {
    const step = steps.get(String(scheduledEventId));
    const ended = timeOf(event);
    if (!step) return;
    step.durationMs = step.startedMs !== undefined && ended !== undefined ? ended - step.startedMs : null;
    step.error = error;
  };
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const startedMs = timeOf(event);
      steps.set(String(event.eventId), {
        name: scheduled.activityType?.name ?? 'activity',
        startedMs,
        startedAt: startedMs === undefined ? null : new Date(startedMs).toISOString(),
        durationMs: null,
        error: null,
      });
      continue;
    }
    const started = event.activityTaskStartedEventAttributes;
    const step = started && steps.get(String(started.scheduledEventId));
    if (step) {
      step.startedMs = timeOf(event);
      step.startedAt = step.startedMs === undefined ? null : new Date(step.startedMs).toISOString();
    }
    if (event.activityTaskCompletedEventAttributes) end(event.activityTaskCompletedEventAttributes.scheduledEventId, event, null);
    const failed = event.activityTaskFailedEventAttributes;
    if (failed) end(failed.scheduledEventId, event, failed.failure?.message ?? 'failed');
    const timedOut = event.activityTaskTimedOutEventAttributes;
    if (timedOut) end(timedOut.scheduledEventId, event, timedOut.failure?.message ?? 'timed out');
    const cancelled = event.activityTaskCanceledEventAttributes;
    if (cancelled) end(cancelled.scheduledEventId, event, 'cancelled');
  }
  return [...steps.values()].map(({ startedMs: _, ...step }) => step);
}
