import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { confirmEmail, linkIn, uniqueEmail } from './test-helpers.ts';

/** Undoes quoted-printable (nodemailer wraps long lines such as links with it). */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let studio: TestStudio;

beforeAll(async () => {
  smtp = await startSmtpSink();
  studio = await startTestStudio({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await studio?.stop();
  await smtp?.stop();
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the sign-up mail to the SMTP server, with a working confirmation link', async () => {
    const client = studio.client();
    const email = uniqueEmail('smtp');
    const signup = await client.post(ApiRoutes.signup, { email, password: 'secret-password', confirmPassword: 'secret-password' });
    expect(signup.status).toBe(201);
    expect(signup.body.message).toBe(Messages.signupSent);

    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).toMatch(/^Subject: Confirm your Studio account\r?$/m);
    expect(decoded).toMatch(/^From: Studio <no-reply@studio\.local>\r?$/m);
    const link = linkIn(decoded, AppPaths.confirmEmail)!;
    expect(link).toBeTruthy();

    expect((await confirmEmail(client, link, 'secret-password')).status).toBe(200);
    expect((await client.get(ApiRoutes.session)).body.user.email).toBe(email);
  });

  it('does not serve the dev outbox when real mail is configured', async () => {
    expect(studio.deps.outbox).toBeNull();
    expect((await studio.client().get(ApiRoutes.devOutbox)).status).toBe(404);
  });
});
