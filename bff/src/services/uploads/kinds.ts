import fs from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/** What an uploaded file is, judged by its bytes (never its declared type or name). */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'mp3' | 'wav' | 'ogg' | 'webm' | 'aac' | 'm4a' | 'flac';

/** Images the studio generates from and stores (spec 2 §5: JPEG, PNG, WebP). Never SVG. */
export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];
/** Avatars also take GIF (the first frame is kept). */
export const AVATAR_KINDS: readonly FileKind[] = [...IMAGE_KINDS, 'gif'];
/** Audio by container (spec 2 §5: MP3, WAV, AAC, M4A, OGG, WebM, FLAC). */
export const AUDIO_KINDS: readonly FileKind[] = ['mp3', 'wav', 'ogg', 'webm', 'aac', 'm4a', 'flac'];

export const MIME_OF_KIND: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
};

/**
 * `file-type`'s extensions, as the studio's kinds. An animated PNG is a PNG (its first frame is
 * kept); any Ogg and any ISO media file (M4A, M4B and the generic `isom`/`mp42` brands encoders
 * write) may hold a voice: ffprobe decides whether it really has an audio stream. Everything else
 * (SVG, XML, HTML, archives, QuickTime, Matroska, executables, …) has no kind and is refused.
 */
const KIND_OF_EXTENSION: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  gif: 'gif',
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  ogx: 'ogg',
  webm: 'webm',
  aac: 'aac',
  m4a: 'm4a',
  m4b: 'm4a',
  mp4: 'm4a',
  flac: 'flac',
};

const ID3 = Buffer.from('ID3', 'latin1');

/**
 * The kind of a file (a path, or its bytes) by its content, or null when it is none the studio
 * takes. `file-type` skips an ID3 tag to find the MP3 frames behind it; a tag with nothing it
 * knows behind stays an MP3, so the caller hears that the audio cannot be read rather than that
 * its type is wrong (ffprobe has the last word).
 */
export async function fileKindOf(input: string | Uint8Array): Promise<FileKind | null> {
  const found = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  if (found) return KIND_OF_EXTENSION[found.ext] ?? null;
  const head = typeof input === 'string' ? await readHead(input, ID3.length) : Buffer.from(input.subarray(0, ID3.length));
  return head.equals(ID3) ? 'mp3' : null;
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
