import { serveOrExit } from './server.ts';

serveOrExit();
