import { useState } from 'react';
import type { AudioPlayerProps } from '@studio/contracts';

/** m:ss */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A player for generated or uploaded audio, with its duration (from the server, then from the file). */
export function AudioPlayer({ src, duration, label }: AudioPlayerProps) {
  const [measured, setMeasured] = useState<number | null>(null);
  const seconds = duration ?? measured;
  return (
    <div className="vo-player">
      {/* Speech the user wrote: its script is on screen beside the player, standing in for captions. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={label}
        onLoadedMetadata={(e) => setMeasured(e.currentTarget.duration || null)}
      />
      {seconds !== null && Number.isFinite(seconds) && <span className="vo-meta">Duration {formatDuration(seconds)}</span>}
    </div>
  );
}
