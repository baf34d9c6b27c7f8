/**
 * Writes `histories/video-job-v1.json`: the history a Temporal server records for one run of the
 * video job (one spoken section, no approved audio: speech, video, lip-sync, then join, store,
 * finish), in the server's JSON format (`temporal workflow show --output json`). No server runs
 * here (DESIGN §4), so the events are written out as the server would record them. Replaying it
 * (temporal.test.ts) fails if a change to the orchestration would break jobs already running.
 *   node --import tsx workflows/test/write-history.ts
 */
import fs from 'node:fs';
import type { JobSpec } from '../src/workflows/job.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const payload = (value: unknown) =>
  value === undefined
    ? { metadata: { encoding: b64('binary/null') } }
    : { metadata: { encoding: b64('json/plain') }, data: b64(JSON.stringify(value)) };

const spec: JobSpec = {
  jobId: '6a0c7f2e-1d4b-4c7a-9a51-0f3e2b7d9c10',
  userId: '3f1e9b7a-2c44-4d0e-8e1f-5b6a7c8d9e01',
  sections: [
    {
      id: 'hook',
      name: 'Hook',
      image: 'jobs/j/hook/image.png',
      script: 'Try it today.',
      audio: null,
      videoPrompt: 'person talking calmly into the camera',
      captions: false,
    },
  ],
  reuse: {},
  parallelism: 2,
};
const outcome = {
  id: 'hook',
  name: 'Hook',
  status: 'COMPLETED',
  video: 'jobs/j/hook/synced.mp4',
  failedAt: null,
  error: null,
  refunded: false,
};
const final = { video: 'jobs/j/final.mp4', poster: 'jobs/j/poster.jpg', assetId: '9b2d7c1e-5f3a-4e8b-a6c0-1d2e3f4a5b6c' };
const jobOutcome = { status: 'COMPLETED', sections: [outcome], final };
/** The activities the run called, in order, with their arguments and results. */
const calls: [string, unknown[], unknown][] = [
  ['speak', [spec.jobId, spec.sections[0]], 'jobs/j/hook/speech.mp3'],
  ['animate', [spec.jobId, spec.sections[0]], 'jobs/j/hook/image.png'],
  ['lipSync', [spec.jobId, spec.sections[0], 'jobs/j/hook/image.png', 'jobs/j/hook/speech.mp3'], 'jobs/j/hook/synced.mp4'],
  ['progress', [spec.jobId, { sectionId: 'hook', step: 'COMPLETED', done: 1, total: 1, outcome }], undefined],
  ['concat', [spec.jobId, ['jobs/j/hook/synced.mp4']], { video: final.video, poster: final.poster }],
  ['store', [spec.jobId, spec.userId, final.video, final.poster], final.assetId],
  ['finish', [spec.jobId, jobOutcome], undefined],
];

const TASK_QUEUE = { name: 'studio-video', kind: 'TASK_QUEUE_KIND_NORMAL' };
const events: Record<string, unknown>[] = [];
let time = Date.parse('2026-11-23T10:00:00Z');
const add = (eventType: string, attributes: Record<string, unknown>) => {
  const eventId = String(events.length + 1);
  const key = `${eventType
    .replace('EVENT_TYPE_', '')
    .toLowerCase()
    .replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}EventAttributes`;
  events.push({
    eventId,
    eventTime: new Date((time += 7)).toISOString(),
    eventType,
    taskId: String(1048576 + events.length),
    [key]: attributes,
  });
  return eventId;
};
const workflowTask = () => {
  const scheduled = add('EVENT_TYPE_WORKFLOW_TASK_SCHEDULED', { taskQueue: TASK_QUEUE, startToCloseTimeout: '10s', attempt: 1 });
  const started = add('EVENT_TYPE_WORKFLOW_TASK_STARTED', {
    scheduledEventId: scheduled,
    identity: 'worker@studio',
    requestId: `req-${scheduled}`,
  });
  return add('EVENT_TYPE_WORKFLOW_TASK_COMPLETED', {
    scheduledEventId: scheduled,
    startedEventId: started,
    identity: 'worker@studio',
    sdkMetadata: { coreUsedFlags: [1, 2, 3], sdkName: 'temporal-typescript', sdkVersion: '1.24.0' },
    meteringMetadata: {},
  });
};

add('EVENT_TYPE_WORKFLOW_EXECUTION_STARTED', {
  workflowType: { name: 'videoJob' },
  taskQueue: TASK_QUEUE,
  input: { payloads: [payload(spec)] },
  workflowTaskTimeout: '10s',
  originalExecutionRunId: '019ab0a1-0000-7000-8000-000000000001',
  identity: 'bff@studio',
  firstExecutionRunId: '019ab0a1-0000-7000-8000-000000000001',
  attempt: 1,
  firstWorkflowTaskBackoff: '0s',
  header: { fields: {} },
  workflowId: spec.jobId,
});
let completed = workflowTask();
for (const [i, [name, args, result]] of calls.entries()) {
  const scheduled = add('EVENT_TYPE_ACTIVITY_TASK_SCHEDULED', {
    activityId: String(i + 1),
    activityType: { name },
    taskQueue: TASK_QUEUE,
    header: { fields: {} },
    input: { payloads: args.map(payload) },
    scheduleToCloseTimeout: '0s',
    scheduleToStartTimeout: '0s',
    startToCloseTimeout: '900s',
    heartbeatTimeout: '0s',
    workflowTaskCompletedEventId: completed,
    retryPolicy: {
      initialInterval: '1s',
      backoffCoefficient: 2,
      maximumInterval: '100s',
      maximumAttempts: 3,
      nonRetryableErrorTypes: ['bad_input', 'timeout'],
    },
  });
  const started = add('EVENT_TYPE_ACTIVITY_TASK_STARTED', {
    scheduledEventId: scheduled,
    identity: 'worker@studio',
    requestId: `act-${scheduled}`,
    attempt: 1,
  });
  add('EVENT_TYPE_ACTIVITY_TASK_COMPLETED', {
    result: { payloads: [payload(result)] },
    scheduledEventId: scheduled,
    startedEventId: started,
    identity: 'worker@studio',
  });
  completed = workflowTask();
}
add('EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED', { result: { payloads: [payload(jobOutcome)] }, workflowTaskCompletedEventId: completed });

fs.writeFileSync(new URL('histories/video-job-v1.json', import.meta.url), `${JSON.stringify({ events }, null, 2)}\n`);
