/**
 * A running job as the editors watch it: its event stream pushes every change; if the stream
 * cannot be opened or drops, the job is polled every 3 s instead (spec 2 §9), and given up on
 * after 30 minutes. Ends when the job does.
 */
import { useEffect, useRef, useState } from 'react';
import { isJobFinished, JOB_POLL_MS, JOB_TIMEOUT_MS, Messages, type JobView } from '@studio/contracts';
import { ApiError } from '@studio/session';
import { jobEventsUrl, jobStatus } from './api.ts';

export interface WatchedJob {
  job: JobView | null;
  /** The client stopped watching after 30 minutes, or the job cannot be read. */
  error: string | null;
}

/** `run` starts watching over (the job runs again after a retry). */
export function useJob(jobId: string | null, run: number, onFinished?: (job: JobView) => void): WatchedJob {
  const [state, setState] = useState<WatchedJob>({ job: null, error: null });
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(() => {
    if (!jobId) return;
    setState({ job: null, error: null });
    let stopped = false;
    let poll: number | undefined;
    let source: EventSource | null = null;
    const started = Date.now();
    const stop = () => {
      stopped = true;
      source?.close();
      window.clearTimeout(poll);
    };
    const show = (job: JobView) => {
      if (stopped) return;
      setState({ job, error: null });
      if (isJobFinished(job.status)) {
        stop();
        finishedRef.current?.(job);
      }
    };
    const pollOnce = async () => {
      if (stopped) return;
      if (Date.now() - started > JOB_TIMEOUT_MS) {
        stop();
        setState((s) => ({ ...s, error: Messages.videoTimedOutLater }));
        return;
      }
      try {
        show((await jobStatus(jobId)).job);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          stop();
          setState((s) => ({ ...s, error: error.message }));
          return;
        }
      }
      if (!stopped) poll = window.setTimeout(() => void pollOnce(), JOB_POLL_MS);
    };
    if (typeof EventSource === 'function') {
      source = new EventSource(jobEventsUrl(jobId));
      source.addEventListener('job', (event) => show(JSON.parse((event as MessageEvent<string>).data) as JobView));
      source.onerror = () => {
        // The stream is gone (or never came): fall back to polling.
        source?.close();
        source = null;
        if (!stopped && poll === undefined) void pollOnce();
      };
    } else {
      void pollOnce();
    }
    return stop;
  }, [jobId, run]);

  return state;
}
