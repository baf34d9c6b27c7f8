/**
 * `@studio/workflows`: the multi-section video job, written once as a deterministic orchestration
 * over activities (DESIGN decision 6); the durable engines (DBOS by default, Temporal by
 * configuration) run it through thin adapters.
 */
export * from './job.ts';
export { runVideoJob } from './orchestrate.ts';
