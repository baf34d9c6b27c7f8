/**
 * Landing illustrations, drawn in SVG so nothing is fetched from elsewhere. Decorative: hidden
 * from assistive technology; the surrounding text carries the meaning.
 */
import { useId } from 'react';

/** Hero: a plain product photo becomes a studio shot and a vertical video ad. */
export function HeroArt() {
  const id = useId().replace(/:/g, '');
  return (
    <svg className="ld-hero-art" viewBox="0 0 560 480" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a2159" />
          <stop offset="1" stopColor="#171236" />
        </linearGradient>
        <linearGradient id={`${id}studio`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd9cf" />
          <stop offset="1" stopColor="#f3a8c0" />
        </linearGradient>
        <linearGradient id={`${id}bottle`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#5b3ae6" />
          <stop offset=".55" stopColor="#8f74ff" />
          <stop offset="1" stopColor="#4a2cc4" />
        </linearGradient>
        <linearGradient id={`${id}phone`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffb199" />
          <stop offset="1" stopColor="#7c5cff" />
        </linearGradient>
        <radialGradient id={`${id}glow`} cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#fff" stopOpacity=".75" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* source photo */}
      <g transform="translate(12 70) rotate(-6)">
        <rect width="170" height="210" rx="14" fill="#f4f2ff" />
        <rect x="10" y="10" width="150" height="150" rx="8" fill="#d9d4ea" />
        <rect x="66" y="48" width="38" height="14" rx="3" fill="#9a93b8" />
        <rect x="58" y="60" width="54" height="88" rx="12" fill="#b5aed0" />
        <rect x="18" y="172" width="90" height="9" rx="4" fill="#c8c2dc" />
        <rect x="18" y="188" width="60" height="9" rx="4" fill="#dcd8ea" />
      </g>
      {/* arrow */}
      <path
        d="M196 190 C 226 170, 246 170, 272 186"
        fill="none"
        stroke="#bdb6dd"
        strokeWidth="3"
        strokeDasharray="6 7"
        strokeLinecap="round"
      />
      <path d="M266 176l10 11-14 4" fill="none" stroke="#bdb6dd" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      {/* studio shot */}
      <g transform="translate(250 30)">
        <rect width="200" height="250" rx="18" fill={`url(#${id}studio)`} />
        <circle cx="100" cy="96" r="86" fill={`url(#${id}glow)`} />
        <ellipse cx="100" cy="206" rx="70" ry="14" fill="#e58ea9" />
        <rect x="50" y="190" width="100" height="20" rx="6" fill="#fbe3ea" />
        <rect x="80" y="64" width="40" height="18" rx="4" fill="#2a2159" />
        <rect x="68" y="80" width="64" height="114" rx="16" fill={`url(#${id}bottle)`} />
        <rect x="80" y="112" width="40" height="34" rx="4" fill="#fff" opacity=".9" />
        <rect x="86" y="120" width="28" height="5" rx="2" fill="#5b3ae6" />
        <rect x="86" y="130" width="20" height="4" rx="2" fill="#b3a6f5" />
        <path d="M78 92 q -4 40 2 90" stroke="#fff" strokeOpacity=".45" strokeWidth="5" fill="none" strokeLinecap="round" />
        <g transform="translate(14 14)">
          <rect width="78" height="24" rx="12" fill="#100c24" opacity=".82" />
          <circle cx="14" cy="12" r="4" fill="#ff6b5a" />
          <text x="24" y="16.5" fill="#fff" fontSize="11" fontWeight="700" fontFamily="system-ui, sans-serif">
            Studio
          </text>
        </g>
      </g>
      {/* phone with UGC video ad */}
      <g transform="translate(392 178)">
        <rect width="152" height="290" rx="26" fill="#0b0819" />
        <rect x="8" y="8" width="136" height="274" rx="20" fill={`url(#${id}phone)`} />
        <circle cx="76" cy="118" r="40" fill="#ffd7c7" />
        <path d="M36 118 a40 40 0 0 1 80 0 q -10 -30 -40 -30 q -30 0 -40 30z" fill="#3b2a6b" />
        <circle cx="62" cy="120" r="4" fill="#2a2159" />
        <circle cx="90" cy="120" r="4" fill="#2a2159" />
        <path d="M64 138 q 12 10 24 0" stroke="#b3261e" strokeWidth="4" fill="none" strokeLinecap="round" />
        <path d="M28 282 v-70 q 48 -36 96 0 v70z" fill="#2a2159" />
        <rect x="48" y="210" width="26" height="44" rx="7" fill={`url(#${id}bottle)`} />
        <rect x="20" y="236" width="112" height="30" rx="10" fill="#100c24" opacity=".78" />
        <rect x="30" y="246" width="70" height="5" rx="2" fill="#fff" />
        <rect x="30" y="255" width="46" height="5" rx="2" fill="#bdb6dd" />
        <circle cx="124" cy="34" r="12" fill="#100c24" opacity=".7" />
        <path d="M120 28 l10 6 -10 6z" fill="#fff" />
        <g transform="translate(18 22)">
          <rect width="60" height="20" rx="10" fill="#ff6b5a" />
          <text x="11" y="14" fill="#fff" fontSize="10" fontWeight="800" fontFamily="system-ui, sans-serif">
            0:15 AD
          </text>
        </g>
      </g>
      {/* sound wave */}
      <g transform="translate(270 320)" stroke="#8f74ff" strokeWidth="5" strokeLinecap="round">
        {[18, 34, 52, 28, 44, 22, 38, 16, 30].map((h, i) => (
          <line key={i} x1={i * 13} x2={i * 13} y1={30 - h / 2} y2={30 + h / 2} opacity={0.5 + (i % 3) * 0.2} />
        ))}
      </g>
    </svg>
  );
}

export type FeatureIconName = 'image' | 'video' | 'creator' | 'styles' | 'train';

/** Small line icons for the feature list. */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {name === 'image' && (
        <g {...common}>
          <rect x="3" y="4" width="18" height="16" rx="3" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 16l-5-5-8 9" />
        </g>
      )}
      {name === 'video' && (
        <g {...common}>
          <rect x="3" y="5" width="13" height="14" rx="3" />
          <path d="M16 10l5-3v10l-5-3" />
        </g>
      )}
      {name === 'creator' && (
        <g {...common}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
          <path d="M18 3l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" />
        </g>
      )}
      {name === 'styles' && (
        <g {...common}>
          <path d="M12 3a9 9 0 100 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 004-4c0-4.7-4-8.5-9-8.5z" />
          <circle cx="7.5" cy="11" r="1.2" />
          <circle cx="10" cy="7" r="1.2" />
          <circle cx="15" cy="7.5" r="1.2" />
        </g>
      )}
      {name === 'train' && (
        <g {...common}>
          <rect x="3" y="3" width="7" height="7" rx="2" />
          <rect x="14" y="3" width="7" height="7" rx="2" />
          <rect x="3" y="14" width="7" height="7" rx="2" />
          <path d="M14 17.5h7M17.5 14v7" />
        </g>
      )}
    </svg>
  );
}

export interface GalleryTile {
  caption: string;
  ratio: '9:16' | '1:1' | '4:5';
  hue: number;
  shape: 'bottle' | 'box' | 'sneaker' | 'jar' | 'person';
}

/** A gallery tile: a product on a lit set, in the given colour family. */
export function GalleryArt({ tile }: { tile: GalleryTile }) {
  const id = useId().replace(/:/g, '');
  const h = tile.hue;
  const [w, hgt] = tile.ratio === '9:16' ? [180, 320] : tile.ratio === '1:1' ? [240, 240] : [220, 275];
  const cx = w / 2;
  const floor = hgt * 0.78;
  return (
    <svg viewBox={`0 0 ${w} ${hgt}`} role="presentation" aria-hidden="true" focusable="false" className="ld-tile-art">
      <defs>
        <linearGradient id={`${id}s`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={`hsl(${h} 70% 88%)`} />
          <stop offset="1" stopColor={`hsl(${(h + 30) % 360} 65% 72%)`} />
        </linearGradient>
        <linearGradient id={`${id}p`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={`hsl(${(h + 180) % 360} 55% 32%)`} />
          <stop offset=".6" stopColor={`hsl(${(h + 180) % 360} 60% 48%)`} />
          <stop offset="1" stopColor={`hsl(${(h + 180) % 360} 55% 28%)`} />
        </linearGradient>
      </defs>
      <rect width={w} height={hgt} fill={`url(#${id}s)`} />
      <circle cx={cx} cy={hgt * 0.38} r={w * 0.42} fill="#fff" opacity=".35" />
      <ellipse cx={cx} cy={floor} rx={w * 0.34} ry={hgt * 0.035} fill={`hsl(${h} 45% 55%)`} opacity=".55" />
      {tile.shape === 'bottle' && (
        <g>
          <rect x={cx - 14} y={floor - 150} width="28" height="18" rx="4" fill={`hsl(${(h + 180) % 360} 50% 20%)`} />
          <rect x={cx - 30} y={floor - 134} width="60" height="134" rx="16" fill={`url(#${id}p)`} />
          <rect x={cx - 20} y={floor - 96} width="40" height="30" rx="4" fill="#fff" opacity=".85" />
        </g>
      )}
      {tile.shape === 'box' && (
        <g>
          <path d={`M${cx - 48} ${floor - 90} l48 -22 48 22 v84 l-48 22 -48 -22z`} fill={`url(#${id}p)`} />
          <path d={`M${cx - 48} ${floor - 90} l48 22 48 -22`} fill="none" stroke="#fff" strokeOpacity=".5" strokeWidth="2" />
          <path d={`M${cx} ${floor - 68} v84`} stroke="#fff" strokeOpacity=".35" strokeWidth="2" />
        </g>
      )}
      {tile.shape === 'sneaker' && (
        <g>
          <path d={`M${cx - 70} ${floor - 8} q 0 -40 30 -46 l 24 -16 q 20 20 50 26 q 36 6 36 30 v6z`} fill={`url(#${id}p)`} />
          <rect x={cx - 72} y={floor - 10} width="142" height="12" rx="6" fill="#fff" />
          <path
            d={`M${cx - 24} ${floor - 58} l10 14 M${cx - 12} ${floor - 64} l10 14`}
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </g>
      )}
      {tile.shape === 'jar' && (
        <g>
          <rect x={cx - 38} y={floor - 96} width="76" height="20" rx="6" fill={`hsl(${(h + 180) % 360} 40% 25%)`} />
          <rect x={cx - 44} y={floor - 80} width="88" height="80" rx="20" fill={`url(#${id}p)`} />
          <circle cx={cx} cy={floor - 40} r="18" fill="#fff" opacity=".8" />
        </g>
      )}
      {tile.shape === 'person' && (
        <g>
          <circle cx={cx} cy={hgt * 0.36} r={w * 0.17} fill="#ffd7c7" />
          <path
            d={`M${cx - w * 0.17} ${hgt * 0.36} a${w * 0.17} ${w * 0.17} 0 0 1 ${w * 0.34} 0 q -6 -26 -${w * 0.17} -26 q -${w * 0.17 - 6} 0 -${w * 0.17} 26z`}
            fill={`hsl(${(h + 200) % 360} 40% 25%)`}
          />
          <path
            d={`M${cx - w * 0.36} ${hgt} v-${hgt * 0.2} q ${w * 0.36} -${hgt * 0.16} ${w * 0.72} 0 v${hgt * 0.2}z`}
            fill={`url(#${id}p)`}
          />
          <rect x={cx + w * 0.06} y={hgt * 0.62} width="24" height="40" rx="7" fill="#fff" opacity=".9" />
        </g>
      )}
    </svg>
  );
}
