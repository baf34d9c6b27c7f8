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

/** Bytes `sniffKind` needs from the start of a file. */
export const SNIFF_BYTES = 64;

const ascii = (head: Buffer, at: number, text: string) =>
  head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;

/** ISO media brands of audio files (M4A/M4B and the generic ones iTunes and encoders write). */
const AUDIO_MP4_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'isom', 'iso2', 'dash', 'mp41']);

/**
 * The kind of a file from its first bytes, or null when it is none the studio takes (SVG, HTML,
 * text, archives, executables, … all land here).
 */
export function sniffKind(head: Buffer): FileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return head.includes('webm', 4, 'latin1') ? 'webm' : null;
  if (ascii(head, 4, 'ftyp') && AUDIO_MP4_BRANDS.has(head.toString('latin1', 8, 12))) return 'm4a';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const layer = (head[1]! >> 1) & 0b11;
    // ADTS (AAC) is MPEG sync with layer 0; MP3 and its kin have a layer.
    if (layer === 0) return (head[1]! & 0xf6) === 0xf0 ? 'aac' : null;
    return 'mp3';
  }
  return null;
}
