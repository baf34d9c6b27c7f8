import type { MediaEngine } from '@studio/media';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startStudio } from './start.ts';

/**
 * The studio as a process: its config from the environment, started, and stopped cleanly on SIGINT
 * or SIGTERM. `media` replaces the engine (the end-to-end tests' fast studio, `bff/test/e2e-studio.ts`).
 */
export async function serve(options: { media?: MediaEngine } = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const studio = await startStudio(config, logger, { media: options.media });
  logger.info({ url: config.appUrl, listening: studio.url }, 'Studio is running');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await studio.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Runs `serve` as the process's main work: a failure to start ends the process with its message. */
export function serveOrExit(options: { media?: MediaEngine } = {}): void {
  serve(options).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
