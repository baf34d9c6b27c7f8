import { ApiRoutes, AppPaths } from '@studio/contracts';
import { expect } from 'vitest';
import type { ApiResponse, TestClient } from '../../../test/harness.ts';

let counter = 0;
/** A fresh address per call, so tests in one file never share an account. */
export const uniqueEmail = (label = 'user') => `${label}-${++counter}-${Date.now()}@example.com`;

const mailCount = async (client: TestClient, to: string): Promise<number> =>
  (await client.get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(to)}`)).body.messages.length;

/**
 * Asks for a reset link as the "Forgot your password?" form does, and waits for its mail: a reset
 * mail goes out after the answer (whose time must not tell whether the address has an account).
 */
export async function requestRecovery(client: TestClient, email: string): Promise<ApiResponse> {
  const before = await mailCount(client, email);
  const response = await client.post(ApiRoutes.recover, { email });
  await expect.poll(() => mailCount(client, email), { timeout: 10_000 }).toBeGreaterThan(before);
  return response;
}

/** The link of the newest mail sent to `to` whose URL has `path` (read from the dev outbox route). */
export async function latestLink(client: TestClient, to: string, path: string): Promise<string> {
  const { status, body } = await client.get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(to)}`);
  expect(status).toBe(200);
  for (const message of body.messages) {
    const link = linkIn(message.text, path);
    if (link) return link;
  }
  throw new Error(`no mail to ${to} with a ${path} link`);
}

export function linkIn(text: string, path: string): string | null {
  const match = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  return match ?? null;
}

/** The token a mailed link carries (links open pages; the page posts the token). */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** What the confirmation page does when its button is pressed. */
export function confirmEmail(client: TestClient, link: string, password: string): Promise<ApiResponse> {
  return client.post(ApiRoutes.confirm, { token: tokenOf(link), password });
}

/** Signs up through the API and completes the confirmation page: the client ends up signed in. */
export async function signUpConfirmed(client: TestClient, email: string, password: string): Promise<void> {
  const signup = await client.post(ApiRoutes.signup, { email, password, confirmPassword: password });
  expect(signup.status).toBe(201);
  const confirm = await confirmEmail(client, await latestLink(client, email, AppPaths.confirmEmail), password);
  expect(confirm.status).toBe(200);
}
