/**
 * The end-to-end tests' fast studio: the whole studio as `npm start` runs it (same config from the
 * environment, same database, routes and front end), on the fast test engine. The Playwright specs
 * that are about screens, rules and flows run against it; the few that prove what the real engine
 * makes (a video, a voice, a scene, an Ad Clone, a style) run against the studio `npm start` starts
 * (e2e/playwright.config.ts). Never used outside tests.
 */
import { createFastMediaEngine } from '@studio/media/testing';
import { serveOrExit } from '../src/server.ts';

serveOrExit({ media: createFastMediaEngine() });
