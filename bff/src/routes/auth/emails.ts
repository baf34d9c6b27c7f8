import type { MailMessage } from '../../services/mail.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  const href = escapeHtml(link);
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${href}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function confirmationMail(to: string, link: string): MailMessage {
  return linkMail(
    to,
    'Confirm your Studio account',
    'Welcome to Studio! Confirm your e-mail address to finish creating your account.',
    'Confirm your e-mail',
    link,
    'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
  );
}

export function recoveryMail(to: string, link: string): MailMessage {
  return linkMail(
    to,
    'Reset your Studio password',
    'Someone (hopefully you) asked to reset the password of your Studio account.',
    'Choose a new password',
    link,
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays as it is.',
  );
}
