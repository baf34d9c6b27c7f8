import fs from 'node:fs/promises';
import path from 'node:path';
import formidable, { errors as formidableErrors, type File } from 'formidable';
import type { Context, Middleware } from 'koa';
import { IMAGE_UPLOAD_MAX_BYTES, Messages } from '@studio/contracts';
import { AppError, invalidRequest, payloadTooLarge, requestTimeout } from '../../errors.ts';
import { probeAudioDuration, stripAudioMetadata } from './audio.ts';
import { checkImageHeader } from './images.ts';
import { AUDIO_KINDS, fileKindOf, IMAGE_KINDS, MIME_OF_KIND, type FileKind } from './kinds.ts';

/** What one file field of an upload route takes. */
export interface FileRule {
  kinds: readonly FileKind[];
  /** Files of this size or more are refused ("under 5 MB", "less than 10MB"). */
  maxBytes: number;
  required?: boolean;
  /** Audio only: the longest duration taken, in seconds. */
  maxDurationS?: number;
  /** The spec's texts for this field. */
  messages: { type: string; tooLarge: string; missing?: string; tooLong?: string };
}

/** spec 2 §5: an uploaded image is JPEG, PNG or WebP under 10 MB (every image field of every route). */
export const IMAGE_UPLOAD_RULE: FileRule = {
  kinds: IMAGE_KINDS,
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  messages: { type: Messages.imageTypeInvalid, tooLarge: Messages.imageTooLarge, missing: Messages.imageTypeInvalid },
};

/** What a route accepts: its file fields by name (each at most one file) and its text fields' total size. */
export interface UploadSpec {
  files: Record<string, FileRule>;
  /**
   * Other rules for the same file fields, by the value of the form's `purpose` text field
   * (upload-audio's `music`); any other value, or none, takes `files`.
   */
  purposes?: Record<string, Record<string, FileRule>>;
  maxFieldsBytes?: number;
}

/** A file that passed the gate: its type is what its bytes are. */
export interface UploadedFile {
  field: string;
  path: string;
  size: number;
  kind: FileKind;
  mime: string;
  /** Images: pixel size read from the header. */
  width?: number;
  height?: number;
  /** Audio: seconds, read by ffprobe. */
  durationS?: number;
}

export interface Upload {
  fields: Record<string, string>;
  files: Record<string, UploadedFile | undefined>;
}

/** Where upload routes find what the gate accepted. */
export function uploadOf(ctx: Context): Upload {
  const upload = (ctx.state as { upload?: Upload }).upload;
  if (!upload) throw new Error('route has no upload gate');
  return upload;
}

const DEFAULT_FIELDS_BYTES = 64 * 1024;
/** Text fields per request; upload forms have a handful. */
const MAX_FIELDS = 40;
/**
 * How long a multipart body may take to arrive. Node keeps a request open 300 s by default: a
 * client that trickles a body holds a socket and a temp file that long.
 * 60 s carries one 10 MB image over some 1.5 Mbit/s; the training route's eight images at their
 * 10 MB limit would need some 11 Mbit/s.
 */
export const UPLOAD_DEADLINE_MS = 60_000;
/** The folder under DATA_DIR that uploads are streamed into, one sub-folder per request. */
export const UPLOADS_TMP_DIR = 'uploads-tmp';

async function checkFile(field: string, file: File, rule: FileRule): Promise<UploadedFile> {
  if (file.size >= rule.maxBytes) throw payloadTooLarge(rule.messages.tooLarge);
  const kind = file.size > 0 ? await fileKindOf(file.filepath) : null;
  if (!kind || !rule.kinds.includes(kind)) throw invalidRequest(rule.messages.type, { field });
  const accepted: UploadedFile = { field, path: file.filepath, size: file.size, kind, mime: MIME_OF_KIND[kind] };
  if (AUDIO_KINDS.includes(kind)) {
    const duration = await probeAudioDuration(file.filepath);
    if (duration === null) throw invalidRequest(Messages.audioUnreadable, { field });
    if (rule.maxDurationS !== undefined && duration > rule.maxDurationS)
      throw invalidRequest(rule.messages.tooLong ?? rule.messages.type, { field });
    accepted.durationS = duration;
    // What the route keeps is the audio without its tags (the file beside it, removed with the folder).
    const stripped = await stripAudioMetadata(file.filepath, kind);
    if (!stripped) throw invalidRequest(Messages.audioUnreadable, { field });
    Object.assign(accepted, stripped);
  } else {
    Object.assign(accepted, await checkImageHeader(file.filepath, rule.messages.type));
  }
  return accepted;
}

/** The file rules for a form's `purpose` (its own when the spec has them, else the spec's `files`). */
function rulesFor(spec: UploadSpec, purpose: string | undefined): Record<string, FileRule> {
  return (purpose !== undefined && Object.hasOwn(spec.purposes ?? {}, purpose) && spec.purposes?.[purpose]) || spec.files;
}

/** formidable's refusals, in the words of the rules the form asked for. */
function refusal(error: unknown, rules: Record<string, FileRule>): unknown {
  const code = (error as { code?: unknown }).code;
  const first = Object.values(rules)[0];
  if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) {
    return payloadTooLarge(first?.messages.tooLarge ?? Messages.uploadFormInvalid);
  }
  if (code === formidableErrors.maxFilesExceeded) return invalidRequest(Messages.uploadTooManyFiles);
  if (code === formidableErrors.maxFieldsExceeded || code === formidableErrors.maxFieldsSizeExceeded)
    return invalidRequest(Messages.uploadFormInvalid);
  return invalidRequest(first?.messages.type ?? Messages.uploadFormInvalid);
}

/**
 * The one upload gate (DESIGN decision 9). `accept(spec)` is the middleware of an upload route:
 * it streams the multipart body into a private folder of its own under `DATA_DIR/uploads-tmp`
 * with size limits applied while streaming, judges each file by its bytes (kind, size, image
 * pixels or audio duration) against the route's rules, hands the route `uploadOf(ctx)`, and
 * removes the folder afterwards whatever happened: success, refusal, error or aborted request.
 */
export function createUploadGate(dataDir: string, options: { deadlineMs?: number } = {}) {
  const deadlineMs = options.deadlineMs ?? UPLOAD_DEADLINE_MS;
  const root = path.join(dataDir, UPLOADS_TMP_DIR);
  let ready: Promise<unknown> | undefined;

  async function parse(ctx: Context, spec: UploadSpec, dir: string): Promise<Upload> {
    // The purpose is a text field that may come after the file: streaming limits take the largest rules.
    const ruleSets = [spec.files, ...Object.values(spec.purposes ?? {})].map((set) => Object.values(set));
    const form = formidable({
      uploadDir: dir,
      maxFiles: Object.keys(spec.files).length,
      // Limits while streaming: no file may pass the largest rule, nor all of them their sum.
      maxFileSize: Math.max(...ruleSets.flat().map((r) => r.maxBytes)),
      maxTotalFileSize: Math.max(...ruleSets.map((set) => set.reduce((sum, r) => sum + r.maxBytes, 0))),
      allowEmptyFiles: true,
      minFileSize: 0,
      maxFields: MAX_FIELDS,
      maxFieldsSize: spec.maxFieldsBytes ?? DEFAULT_FIELDS_BYTES,
      hashAlgorithm: false,
      // Parts in fields the route does not take are not written at all.
      filter: (part) => part.name !== null && part.name in spec.files,
    });
    // A purpose sent before its file names the rules a refusal while streaming speaks for.
    let purpose: string | undefined;
    form.on('field', (name, value) => {
      if (name === 'purpose') purpose ??= value;
    });
    let parsed: [formidable.Fields, formidable.Files];
    let timer: NodeJS.Timeout | undefined;
    const reading = form.parse(ctx.req);
    // Past the deadline formidable is left waiting on a paused request that is closed after the answer.
    reading.catch(() => {});
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(requestTimeout(Messages.uploadTimedOut)), deadlineMs);
    });
    try {
      parsed = await Promise.race([reading, deadline]);
    } catch (error) {
      // Refused mid-stream: the rest is not read, and the connection is not kept for another request.
      if (!ctx.req.complete) {
        ctx.req.pause();
        ctx.set('Connection', 'close');
      }
      // The deadline's own answer; formidable closes its files when the closed connection aborts it.
      if (error instanceof AppError) throw error;
      throw refusal(error, rulesFor(spec, purpose));
    } finally {
      clearTimeout(timer);
    }
    const [fields, files] = parsed;
    const upload: Upload = { fields: {}, files: {} };
    for (const [name, values] of Object.entries(fields)) if (values?.[0] !== undefined) upload.fields[name] = values[0];
    for (const [field, rule] of Object.entries(rulesFor(spec, upload.fields.purpose))) {
      const sent = files[field] ?? [];
      if (sent.length > 1) throw invalidRequest(Messages.uploadTooManyFiles, { field });
      if (sent[0]) upload.files[field] = await checkFile(field, sent[0], rule);
      else if (rule.required) throw invalidRequest(rule.messages.missing ?? rule.messages.type, { field });
    }
    return upload;
  }

  return {
    root,
    accept(spec: UploadSpec): Middleware {
      const firstRule = Object.values(spec.files)[0];
      return async (ctx, next) => {
        if (!ctx.is('multipart'))
          throw invalidRequest(firstRule?.messages.missing ?? firstRule?.messages.type ?? Messages.uploadNeedsMultipart);
        ready ??= fs.mkdir(root, { recursive: true, mode: 0o700 });
        await ready;
        const dir = await fs.mkdtemp(path.join(root, 'req-'));
        try {
          (ctx.state as { upload?: Upload }).upload = await parse(ctx, spec, dir);
          await next();
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      };
    },
  };
}
export type UploadGate = ReturnType<typeof createUploadGate>;
