import fs from 'node:fs';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { describe, expect, it } from 'vitest';
import { stepsOfHistory } from './history.ts';

const recorded = () => JSON.parse(fs.readFileSync(new URL('../../test/histories/video-job-v1.json', import.meta.url), 'utf8'));

describe('a run’s steps from its Temporal history (the jobs console)', () => {
  it('lists each activity in order with its start and length', () => {
    const steps = stepsOfHistory(historyFromJSON(recorded()));
    expect(steps.slice(0, 3).map((s) => s.name)).toEqual(['speak', 'animate', 'lipSync']);
    // Recorded: speak started at 10:00:00.042 and completed at .049.
    expect(steps[0]).toEqual({ name: 'speak', startedAt: '2026-11-23T10:00:00.042Z', durationMs: 7, error: null });
    expect(steps.every((s) => s.error === null && s.durationMs !== null)).toBe(true);
  });

  it('gives a failed step its error, and a step still running no length', () => {
    const history = recorded();
    const events = history.events as Record<string, any>[];
    const animated = events.findIndex((e) => e.activityTaskCompletedEventAttributes?.scheduledEventId === '11');
    const { scheduledEventId, startedEventId } = events[animated]!.activityTaskCompletedEventAttributes;
    events[animated] = {
      eventId: events[animated]!.eventId,
      eventTime: events[animated]!.eventTime,
      eventType: 'EVENT_TYPE_ACTIVITY_TASK_FAILED',
      activityTaskFailedEventAttributes: { failure: { message: 'The video model is unavailable.' }, scheduledEventId, startedEventId },
    };
    // The history ends while lipSync runs.
    const lipSyncStarted = events.findIndex((e) => e.activityTaskStartedEventAttributes?.scheduledEventId === '17');
    history.events = events.slice(0, lipSyncStarted + 1);

    const steps = stepsOfHistory(historyFromJSON(history));
    expect(steps.map((s) => [s.name, s.error])).toEqual([
      ['speak', null],
      ['animate', 'The video model is unavailable.'],
      ['lipSync', null],
    ]);
    expect(steps[2]!.durationMs).toBeNull();
    expect(steps[2]!.startedAt).not.toBeNull();
  });
});
