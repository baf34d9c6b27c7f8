/**
 * Design tokens: one colour, type, space and shape system for every app. Exposed as CSS custom
 * properties (`--st-*`) by `baseCss`; TypeScript reads the same values for SVG drawing.
 *
 * Contrast: text colours are checked against their backgrounds for WCAG AA (4.5:1 body text):
 * ink on paper 15.9:1, muted on paper 7.0:1, white on accent-600 5.6:1, ink-on-dark 15:1.
 */
export const color = {
  paper: '#fbfaff',
  surface: '#ffffff',
  sunken: '#f3f1fb',
  line: '#e4e0f2',
  lineStrong: '#cfc9e6',
  ink: '#17142b',
  inkSoft: '#3b3654',
  muted: '#5a5573',
  night: '#100c24',
  nightSoft: '#1c1738',
  onNight: '#f4f2ff',
  onNightMuted: '#bdb6dd',
  accent: '#6d4aff',
  accent600: '#5b3ae6',
  accent700: '#4a2cc4',
  accentSoft: '#ece7ff',
  coral: '#ff6b5a',
  coralInk: '#b3261e',
  mint: '#16a37a',
  mintInk: '#0b6e51',
  mintSoft: '#e3f7ef',
  amber: '#f5b73b',
  amberInk: '#7a5200',
  amberSoft: '#fff4dc',
  dangerSoft: '#fde8e6',
} as const;

export const font = {
  sans: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  display: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

/** A modular type scale (1.25) in rem. */
export const text = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
  '3xl': '2.25rem',
  '4xl': 'clamp(2.25rem, 5vw, 3.6rem)',
} as const;

/** 4-px spacing steps. */
export const space = {
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.25rem',
  6: '1.5rem',
  8: '2rem',
  10: '2.5rem',
  12: '3rem',
  16: '4rem',
  20: '5rem',
} as const;

export const radius = { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' } as const;

export const shadow = {
  sm: '0 1px 2px rgba(23, 20, 43, 0.06)',
  md: '0 4px 16px rgba(23, 20, 43, 0.08)',
  lg: '0 18px 48px rgba(23, 20, 43, 0.16)',
} as const;

export const breakpoint = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Tokens as CSS custom properties. */
export function tokensCss(): string {
  const lines: string[] = [];
  for (const [k, v] of Object.entries(color)) lines.push(`--st-${kebab(k)}: ${v};`);
  for (const [k, v] of Object.entries(font)) lines.push(`--st-font-${k}: ${v};`);
  for (const [k, v] of Object.entries(text)) lines.push(`--st-text-${k}: ${v};`);
  for (const [k, v] of Object.entries(space)) lines.push(`--st-space-${k}: ${v};`);
  for (const [k, v] of Object.entries(radius)) lines.push(`--st-radius-${k}: ${v};`);
  for (const [k, v] of Object.entries(shadow)) lines.push(`--st-shadow-${k}: ${v};`);
  return `:root{${lines.join('')}}`;
}

function kebab(s: string): string {
  return s.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();
}
