import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { requestSignIn, sessionStatusAtom } from '@studio/session';
import { adoptStyles, Logo } from '@studio/ui';
import { INITIAL_TRIAL_CREDITS, TASK_CREDITS, type FeaturedImage, AppPaths } from '@studio/contracts';
import { useAppNavigate } from '../../lib/navigation.tsx';
import { storeSignupEmail } from '../../shared/signup-email.ts';
import { SUPPORT_EMAIL } from '../../config.ts';
import { FeatureIcon, GalleryArt, HeroArt, type FeatureIconName, type GalleryTile } from './illustrations.tsx';
import { landingCss } from './landing-css.ts';
import { getFeaturedImages } from './api.ts';

adoptStyles('studio-landing', landingCss);

const FEATURES: { icon: FeatureIconName; title: string; body: string; points: string[] }[] = [
  {
    icon: 'image',
    title: 'Content creation',
    body: 'Drop in one product photo and get studio-quality shots: new backgrounds, lighting and scenes, in square, portrait or landscape.',
    points: ['Replace or remove backgrounds', 'Upscale for print and ads', 'Up to four variations per prompt'],
  },
  {
    icon: 'video',
    title: 'Video ads',
    body: 'Turn stills into short, scroll-stopping video ads. Build them section by section, with a script and a voice for each.',
    points: ['Image-to-video animation', 'Section-based builder', 'Vertical 9:16 for reels and stories'],
  },
  {
    icon: 'creator',
    title: 'AI creators',
    body: 'UGC-style talking-person videos and lip-sync: a creator holds your product and speaks your script in a natural voice.',
    points: ['Talking-head videos', 'Lip-sync to any script', 'Voice library and voice cloning'],
  },
  {
    icon: 'styles',
    title: 'Community styles',
    body: 'Start from looks other brands made popular. Apply a community style preset and keep your product exactly as it is.',
    points: ['Featured styles in Discover', 'Reuse a prompt in one click', 'Mix styles with your own prompt'],
  },
  {
    icon: 'train',
    title: 'Character training',
    body: 'Train a custom character, style or voice from about four images. It is ready in about three minutes and stays yours.',
    points: ['About 4 images to start', 'Ready in about 3 minutes', 'Consistent faces across every ad'],
  },
];

const GALLERY: GalleryTile[] = [
  { caption: 'Serum on warm stone', ratio: '9:16', hue: 18, shape: 'bottle' },
  { caption: 'Unboxing, studio light', ratio: '1:1', hue: 250, shape: 'box' },
  { caption: 'Creator review, 15 s', ratio: '9:16', hue: 320, shape: 'person' },
  { caption: 'Runner on pastel set', ratio: '4:5', hue: 190, shape: 'sneaker' },
  { caption: 'Balm jar, soft shadow', ratio: '1:1', hue: 40, shape: 'jar' },
  { caption: 'Fragrance hero shot', ratio: '9:16', hue: 280, shape: 'bottle' },
  { caption: 'Sneaker drop teaser', ratio: '4:5', hue: 140, shape: 'sneaker' },
];

/** How many featured images the landing strip shows, and their height in CSS pixels. */
const STRIP_SIZE = 12;
const STRIP_HEIGHT = 320;

/**
 * The gallery strip: the discover feed's featured images once there are any (each linking to
 * Discover), and illustrations of what the studio makes until then.
 */
function GalleryStrip() {
  // A plain request: the landing page is rendered before the router and the query client load.
  const [images, setImages] = useState<FeaturedImage[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getFeaturedImages(controller.signal)
      .then((answer) => setImages(answer.images.slice(0, STRIP_SIZE)))
      .catch(() => setImages([]));
    return () => controller.abort();
  }, []);
  return (
    <>
      {/* A scrolling strip must be reachable from the keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className="ld-gallery" aria-label={images.length > 0 ? 'Featured creations' : 'Example creations'} tabIndex={0}>
        {images.length > 0
          ? images.map((image) => (
              <li
                key={image.assetId}
                className="ld-tile"
                style={{ width: Math.round((STRIP_HEIGHT * image.width) / Math.max(1, image.height)) }}
              >
                <a href={AppPaths.discover}>
                  <img
                    className="ld-tile-art"
                    src={image.thumbnailUrl ?? image.url}
                    alt={image.prompt || 'Featured creation'}
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                  />
                </a>
                {image.creatorName && <span className="ld-tile-caption">by {image.creatorName}</span>}
              </li>
            ))
          : GALLERY.map((tile) => (
              <li key={tile.caption} className={`ld-tile ld-tile-${tile.ratio.replace(':', '-')}`}>
                <GalleryArt tile={tile} />
                <span className="ld-tile-caption">{tile.caption}</span>
              </li>
            ))}
      </ul>
    </>
  );
}

/** The public landing page (spec 1 §2). */
export function LandingPage() {
  const status = useAtomValue(sessionStatusAtom);
  const navigate = useAppNavigate();
  // Typed into the prerendered page before the app took it over: kept (the server renders it empty).
  const [email, setEmail] = useState(() =>
    typeof document === 'undefined' ? '' : ((document.getElementById('hero-email') as HTMLInputElement | null)?.value ?? ''),
  );

  const getStarted = (event?: FormEvent) => {
    event?.preventDefault();
    if (status === 'signed_in') {
      navigate(AppPaths.discover);
      return;
    }
    // The modal opens in signup mode with this e-mail prefilled (spec 1 §2, auth modal).
    if (email.trim()) storeSignupEmail(email.trim());
    requestSignIn('signup');
  };
  const login = () => (status === 'signed_in' ? navigate(AppPaths.discover) : requestSignIn('signin'));
  const go = (to: string) => (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
    window.scrollTo(0, 0);
  };

  return (
    <div className="ld">
      <a className="st-skip" href="#main">
        Skip to content
      </a>
      <header className="ld-header">
        <div className="ld-wrap ld-header-row">
          <a href="/" aria-label="Studio home" className="ld-brand">
            <Logo tone="light" />
          </a>
          <nav aria-label="Sections" className="ld-nav">
            <a href="#features">Features</a>
            <a href="#gallery">Gallery</a>
            <a href="#pricing">Credits</a>
          </nav>
          <div className="ld-header-actions">
            <button type="button" className="st-btn ld-btn-ghost-dark" onClick={login}>
              Login
            </button>
            <button type="button" className="st-btn st-btn-primary ld-header-cta" onClick={() => getStarted()}>
              Get started
            </button>
          </div>
        </div>
      </header>

      <main id="main">
        <section className="ld-hero" aria-labelledby="hero-title">
          <div className="ld-wrap ld-hero-grid">
            <div className="ld-hero-copy">
              <p className="ld-eyebrow">AI product photography &amp; video ads</p>
              <h1 id="hero-title">
                One product photo. <span className="ld-grad">Studio shots and video ads</span> that sell.
              </h1>
              <p className="ld-lead">
                Studio turns your product photos into studio-quality images, UGC-style creator videos and lip-synced ads — in minutes,
                without a shoot.
              </p>
              <form className="ld-capture" onSubmit={getStarted} aria-label="Get started">
                <label htmlFor="hero-email" className="st-visually-hidden">
                  Work e-mail
                </label>
                <input
                  id="hero-email"
                  type="email"
                  className="ld-capture-input"
                  placeholder="you@brand.com"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <button type="submit" className="st-btn st-btn-primary st-btn-lg">
                  Get started
                </button>
              </form>
              <p className="ld-fineprint">
                {INITIAL_TRIAL_CREDITS} free credits to start. No card needed. Already have an account?{' '}
                <button type="button" className="ld-inline-link" onClick={login}>
                  Login
                </button>
              </p>
            </div>
            <div className="ld-hero-visual">
              <HeroArt />
            </div>
          </div>
        </section>

        <section className="ld-proof" aria-label="At a glance">
          <div className="ld-wrap ld-proof-grid">
            <div>
              <strong>~3 min</strong>
              <span>to train a character from about 4 photos</span>
            </div>
            <div>
              <strong>{TASK_CREDITS.image} credit</strong>
              <span>per generated image</span>
            </div>
            <div>
              <strong>9:16 · 1:1 · 16:9</strong>
              <span>formats for every placement</span>
            </div>
            <div>
              <strong>Minutes</strong>
              <span>from photo to finished video ad</span>
            </div>
          </div>
        </section>

        <section id="features" className="ld-section" aria-labelledby="features-title">
          <div className="ld-wrap">
            <p className="ld-kicker">Everything a brand needs to ship creative</p>
            <h2 id="features-title" className="ld-h2">
              From a single photo to a full campaign
            </h2>
            <div className="ld-features">
              {FEATURES.map((f) => (
                <article key={f.title} className="ld-feature">
                  <span className={`ld-feature-icon ld-icon-${f.icon}`}>
                    <FeatureIcon name={f.icon} />
                  </span>
                  <h3>{f.title}</h3>
                  <p>{f.body}</p>
                  <ul>
                    {f.points.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section id="gallery" className="ld-section ld-gallery-section" aria-labelledby="gallery-title">
          <div className="ld-wrap">
            <p className="ld-kicker">Made in Studio</p>
            <h2 id="gallery-title" className="ld-h2">
              A gallery of what brands create
            </h2>
          </div>
          <GalleryStrip />
        </section>

        <section id="pricing" className="ld-section" aria-labelledby="pricing-title">
          <div className="ld-wrap ld-cta">
            <div>
              <h2 id="pricing-title" className="ld-h2">
                Pay for what you create
              </h2>
              <p className="ld-cta-copy">
                Every generation uses credits. Start with {INITIAL_TRIAL_CREDITS} free credits, then pick a monthly plan or top up when you
                need more. Annual billing saves 20%.
              </p>
            </div>
            <button type="button" className="st-btn st-btn-primary st-btn-lg" onClick={() => getStarted()}>
              Get started
            </button>
          </div>
        </section>
      </main>

      <footer className="ld-footer">
        <div className="ld-wrap ld-footer-row">
          <Logo tone="light" size={24} />
          <nav aria-label="Legal and contact" className="ld-footer-links">
            <a href="/privacy" onClick={go('/privacy')}>
              Privacy Policy
            </a>
            <a href="/terms" onClick={go('/terms')}>
              Terms of Service
            </a>
            <a href={`mailto:${SUPPORT_EMAIL}`}>Contact</a>
          </nav>
          <p className="ld-copyright">© {new Date().getFullYear()} Studio</p>
        </div>
      </footer>
    </div>
  );
}
