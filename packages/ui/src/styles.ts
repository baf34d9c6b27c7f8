/**
 * Styles as constructable stylesheets: no CSS loader in any build, works the same in the shell
 * and in a remote loaded from another origin, and is not blocked by a `style-src 'self'` policy.
 * Each sheet is adopted once per document, whichever app copy of this package asks first.
 */
const REGISTRY_KEY = '__studioStyleSheets__';

type Registry = Set<string>;

function registry(): Registry {
  const g = globalThis as unknown as Record<string, Registry | undefined>;
  return (g[REGISTRY_KEY] ??= new Set());
}

/** Adds `css` to the document once under `id`. Safe to call at module load in every app. */
export function adoptStyles(id: string, css: string): void {
  if (typeof document === 'undefined') return;
  const seen = registry();
  if (seen.has(id)) return;
  seen.add(id);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const el = document.createElement('style');
    el.dataset.studio = id;
    el.textContent = css;
    document.head.appendChild(el);
  }
}
