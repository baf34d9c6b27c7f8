import type { CSSProperties } from 'react';
import { CAPTION_LOOKS, captionFrameOf, DEFAULT_CAPTION_HIGHLIGHT, type CaptionStyleId } from '@studio/contracts';

const PREVIEW_HEIGHT = 150;

/**
 * A caption style as the finished ad draws it, on the section's own picture with its first words:
 * the same numbers as the render (contracts' `CAPTION_LOOKS`), drawn with CSS at preview size. The
 * second word stands for the one being said.
 */
export function CaptionPreview({
  style,
  image,
  words,
  aspectRatio,
}: {
  style: CaptionStyleId;
  image: string | null;
  words: string[];
  aspectRatio: string;
}) {
  const [w = 9, h = 16] = aspectRatio.split(':').map(Number);
  const width = Math.round((PREVIEW_HEIGHT * w) / h);
  const look = style === 'none' ? null : CAPTION_LOOKS[style];
  const frame = captionFrameOf(width, PREVIEW_HEIGHT);
  const shown = look ? words.slice(0, Math.min(look.maxWords, 4)) : [];
  const size = look ? look.size[frame] * PREVIEW_HEIGHT : 0;
  const text: CSSProperties = look
    ? {
        fontSize: `${size.toFixed(1)}px`,
        color: look.textColour,
        textTransform: look.uppercase ? 'uppercase' : 'none',
        WebkitTextStroke: look.outline ? `${(look.outline * size).toFixed(2)}px #000` : undefined,
        textShadow: look.shadow ? `0 ${(look.shadow * size).toFixed(1)}px ${(look.shadow * size).toFixed(1)}px rgba(0,0,0,.6)` : undefined,
        background: look.box ? `rgba(17,17,17,${look.box.opacity})` : undefined,
        borderRadius: look.box ? `${(look.box.radius * size).toFixed(1)}px` : undefined,
        padding: look.box ? `${(look.box.padY * size).toFixed(1)}px ${(look.box.padX * size).toFixed(1)}px` : undefined,
        bottom: `${((1 - look.bottom[frame]) * 100).toFixed(1)}%`,
      }
    : {};
  return (
    <span className="ve-caption-preview" style={{ width, height: PREVIEW_HEIGHT }} aria-hidden="true">
      {image ? <img src={image} alt="" /> : null}
      {look ? (
        <span className="ve-caption-preview-text" data-pop={look.pop ? 'true' : 'false'} style={text}>
          {shown.map((word, i) => (
            <span
              key={`${i}-${word}`}
              style={
                i === 1 && look.highlight !== 'none'
                  ? { color: DEFAULT_CAPTION_HIGHLIGHT }
                  : i > 1 && look.highlight === 'fill'
                    ? { opacity: 0.75 }
                    : undefined
              }
            >
              {word}{' '}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}
