import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it is sent (tests of SMTP_URL). */
export async function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
