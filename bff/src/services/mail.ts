import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry extends MailMessage {
  id: number;
  sentAt: string;
}

/**
 * Without SMTP_URL, mail goes to this outbox: logged (subject and recipient only — links carry
 * tokens) and readable at GET /api/dev/outbox, so the whole sign-up flow works on a laptop.
 */
export class DevOutbox implements Mailer {
  private readonly entries: OutboxEntry[] = [];
  private nextId = 1;
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.entries.push({ ...message, id: this.nextId++, sentAt: new Date().toISOString() });
    if (this.entries.length > 500) this.entries.shift();
    this.logger.info({ to: message.to, subject: message.subject }, 'mail delivered to the dev outbox');
  }

  /** Newest first. */
  list(to?: string): OutboxEntry[] {
    const wanted = to?.trim().toLowerCase();
    return this.entries.filter((e) => !wanted || e.to.toLowerCase() === wanted).reverse();
  }
}

class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

export function createMailer(config: Config, logger: Logger): { mailer: Mailer; outbox: DevOutbox | null } {
  if (config.smtpUrl) return { mailer: new SmtpMailer(config.smtpUrl, config.mailFrom), outbox: null };
  const outbox = new DevOutbox(logger);
  return { mailer: outbox, outbox };
}
