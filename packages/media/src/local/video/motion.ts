/** Camera motion over a still (pan and zoom), rendered by ffmpeg's zoompan on the local engine. */
import sharp from 'sharp';
import type { AnimateInput, ImageData, VideoResult } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { fitWhole } from '../image/reframe.ts';
import { encodeToMp4, ENCODE, meta, VIDEO_FPS } from './clips.ts';

/**
 * The still at `scale`× the frame: covering it when its shape is close to the frame's (a sliver is
 * cropped), else whole, the rest of the frame filled with a blurred copy, so no subject is cut.
 */
async function stage(image: ImageData, width: number, height: number, scale: number): Promise<{ png: Buffer; whole: boolean }> {
  const w = Math.round(width * scale),
    h = Math.round(height * scale);
  const meta = await sharp(image.data).metadata();
  const srcW = meta.autoOrient?.width ?? meta.width,
    srcH = meta.autoOrient?.height ?? meta.height;
  const off = Math.abs(Math.log(srcW / srcH / (width / height)));
  // Whole, inside the part of the canvas the push-in never leaves.
  if (off > Math.log(1.1)) return { png: await fitWhole(image, w, h, 0.9), whole: true };
  const png = await sharp(image.data)
    .rotate()
    .resize(w, h, { fit: 'cover', position: 'attention' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, whole: false };
}

/** Camera motion over a still (pan and zoom): an MP4 of `durationS` at the given size. */
export async function localAnimate(input: AnimateInput): Promise<VideoResult> {
  const started = performance.now();
  const { width, height } = input;
  if (input.durationS <= 0 || input.durationS > 60) throw new MediaError('bad_input', 'A clip lasts between 0 and 60 seconds.');
  const frames = Math.round(input.durationS * VIDEO_FPS);
  // Rendered on a 1.2× canvas, then the window moves and scales inside it. A still shown whole moves
  // less (a push-in of at most 8 %, no pan), so the window never cuts into the picture.
  const { png: base, whole } = await stage(input.image, width, height, 1.2);
  const most = whole ? 0.08 : 0.2;
  const motion = whole && input.motion === 'pan' ? 'zoom-in' : (input.motion ?? 'zoom-in');
  const zoom =
    motion === 'zoom-out'
      ? `'max(1+${most}-${most}*on/${frames},1)'`
      : motion === 'pan'
        ? "'1.1'"
        : `'min(1+${most}*on/${frames},1+${most})'`;
  const x = motion === 'pan' ? `'(iw-iw/zoom)*on/${frames}'` : "'(iw-iw/zoom)/2'";
  const video = await encodeToMp4(
    (out) => [
      '-f',
      'png_pipe',
      '-i',
      'pipe:0',
      '-vf',
      `zoompan=z=${zoom}:x=${x}:y='(ih-ih/zoom)/2':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS}`,
      '-frames:v',
      String(frames),
      ...ENCODE,
      '-an',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    base,
  );
  return {
    video,
    mime: 'video/mp4',
    width,
    height,
    durationS: frames / VIDEO_FPS,
    ...meta(started, `local/ffmpeg-camera-motion/${input.motion ?? 'zoom-in'}`),
  };
}
