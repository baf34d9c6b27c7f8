/**
 * A media engine call that an API process (`STUDIO_ROLE=api`) hands to the render workers: the
 * image work that answers within its request (generate, edit, Product Studio, upscale, describe,
 * speech) runs where renders run, never on the API's event loop, and the request waits for its
 * answer. Its bytes travel through the object store (the bff's `media-calls`), so the call and its
 * answer stay small in the engine's records.
 */

export interface MediaCallRequest {
  /** Unique per call: its workflow id (`mediaCallWorkflowId`) and the prefix of its bytes in the object store. */
  id: string;
  /** The engine member called, e.g. `['generateImage']` or `['speech', 'textToSpeech']`. */
  path: string[];
  /** The arguments, JSON-safe: every byte array stands as a marker of where it was stored. */
  args: unknown[];
}

/** An error as it crosses: a `MediaError`'s kind and provider status, or any error's name, message and code. */
export interface MediaCallFailure {
  name: string;
  message: string;
  kind?: string;
  providerStatus?: number;
  code?: string;
  status?: number;
}

/** The call's answer: its value (JSON-safe, bytes by marker), or the error the engine threw. */
export type MediaCallAnswer = { ok: true; value: unknown } | { ok: false; error: MediaCallFailure };

/** What a worker runs for a media call. */
export interface MediaCallActivities {
  mediaCall(request: MediaCallRequest): Promise<MediaCallAnswer>;
}

export const MEDIA_CALL_WORKFLOW = 'mediaCall';
export const mediaCallWorkflowId = (id: string) => `media:${id}`;
