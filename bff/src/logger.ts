import { pino, type Logger } from 'pino';

/** Structured logs; secrets are redacted wherever they could appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.confirmPassword',
        '*.token',
        '*.client_secret',
      ],
      censor: '[redacted]',
    },
  });
}
export type { Logger };
