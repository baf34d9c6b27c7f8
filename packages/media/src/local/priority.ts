import os from 'node:os';

/**
 * How much lower than the process that answers HTTP render work runs (speech children, ffmpeg): on
 * one machine a busy renderer then takes the cores the answers leave, and cannot starve them.
 */
export const RENDER_NICENESS = 10;

/** Lowers a render process's OS priority (a process that has already ended is left alone). */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, Math.min(19, os.getPriority() + RENDER_NICENESS));
  } catch {
    // Gone already: its exit is reported by its own handlers.
  }
}
