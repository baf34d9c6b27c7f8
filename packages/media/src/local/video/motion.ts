/** Camera motion over a still (pan and zoom), rendered by ffmpeg's zoompan on the local engine. */
import sharp from 'sharp';
import type { AnimateInput, ImageData, VideoResult } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { encodeToMp4, ENCODE, meta, VIDEO_FPS } from './clips.ts';

/** The still, covering `width`×`height` (cropped to the middle), as a PNG. */
async function cover(image: ImageData, width: number, height: number, scale = 1): Promise<Buffer> {
  return sharp(image.data)
    .rotate()
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: 'cover', position: 'attention' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Camera motion over a still (pan and zoom): an MP4 of `durationS` at the given size. */
export async function localAnimate(input: AnimateInput): Promise<VideoResult> {
  const started = performance.now();
  const { width, height } = input;
  if (input.durationS <= 0 || input.durationS > 60) throw new MediaError('bad_input', 'A clip lasts between 0 and 60 seconds.');
  const frames = Math.round(input.durationS * VIDEO_FPS);
  // Rendered on a 1.2× canvas, then the window moves and scales inside it.
  const base = await cover(input.image, width, height, 1.2);
  const zoom =
    input.motion === 'zoom-out' ? `'max(1.2-0.2*on/${frames},1)'` : input.motion === 'pan' ? "'1.1'" : `'min(1+0.2*on/${frames},1.2)'`;
  const x = input.motion === 'pan' ? `'(iw-iw/zoom)*on/${frames}'` : "'(iw-iw/zoom)/2'";
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
