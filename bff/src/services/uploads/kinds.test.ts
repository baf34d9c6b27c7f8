import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileKindOf } from './kinds.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** The first page of an Ogg stream whose first packet starts with `packet`. */
const oggPage = (packet: string) => bytes('OggS', [0, 2], Array(20).fill(0), [1, 30], packet, Array(24).fill(0));
const picture = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });

describe('the kind the upload gate gives a file, by its content', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', () => picture.clone().png().toBuffer()],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['ogg', oggPage('\x01vorbis')],
    ['ogg', oggPage('OpusHead')],
    ['flac', bytes('fLaC', [0, 0, 0, 34])],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm')],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0])],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 0, 0])],
    ['mp3', bytes('ID3', [4, 0, 0])],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64])],
    ['aac', bytes([0xff, 0xf1, 0x50, 0x80])],
  ])('takes %s', async (kind, content) => {
    expect(await fileKindOf(typeof content === 'function' ? await content() : content)).toBe(kind);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['SVG with an XML prolog', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><html>')],
    ['a Matroska video (EBML without webm)', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], 'matroska')],
    ['a QuickTime video', bytes([0, 0, 0, 0x20], 'ftypqt  ')],
    ['a ZIP archive', bytes('PK', [3, 4])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', async (_name, head) => {
    expect(await fileKindOf(head)).toBeNull();
  });
});
