/**
 * `@studio/workflows`: the multi-section video job, written once as a deterministic orchestration
 * over activities (DESIGN decision 6); the durable engines (DBOS by default, Temporal by
 * configuration) run it through thin adapters.
 */
export * from './workflows/job.ts';
export { renderSectionSteps, runVideoJob, type RunOptions } from './workflows/orchestrate.ts';
export * from './workflows/training.ts';
export * from './workflows/media-call.ts';
export type { RecordedStep } from './temporal/history.ts';
