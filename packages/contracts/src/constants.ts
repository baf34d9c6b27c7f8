/** Business constants and limits (spec 1 §9, spec 2 §9). One place for every number. */

export const SUBSCRIPTION_TIERS = ['trial', 'free', 'basic', 'pro', 'unlimited'] as const;
export type SubscriptionTierName = (typeof SUBSCRIPTION_TIERS)[number];

export const INITIAL_TRIAL_CREDITS = 20;

/** Credits set on a tier change. */
export const TIER_CHANGE_CREDITS: Record<Exclude<SubscriptionTierName, 'trial'>, number> = {
  free: 100,
  basic: 500,
  pro: 2000,
  unlimited: 999999,
};

export interface PlanLimits {
  credits: number;
  storageGB: number;
  videosPerMonth: number;
  maxVideoLength: number;
}

/** Plan limit sets; a trial user is held to the free tier's limits. */
export const PLAN_LIMITS: Record<Exclude<SubscriptionTierName, 'trial'>, PlanLimits> = {
  free: { credits: 100, storageGB: 1, videosPerMonth: 10, maxVideoLength: 60 },
  basic: { credits: 500, storageGB: 10, videosPerMonth: 50, maxVideoLength: 300 },
  pro: { credits: 2000, storageGB: 100, videosPerMonth: 200, maxVideoLength: 1800 },
  unlimited: { credits: 999999, storageGB: 1000, videosPerMonth: 999999, maxVideoLength: 3600 },
};

export function planLimitsFor(tier: SubscriptionTierName): PlanLimits {
  return PLAN_LIMITS[tier === 'trial' ? 'free' : tier];
}

export const CREDIT_VALUE_USD = 0.05;
export const DEFAULT_MARKUP = 2;

/** Fallback task costs in credits when no pricing row exists. */
export const FALLBACK_TASK_CREDITS = {
  image: 4,
  video: 32,
  video_with_audio: 40,
  lip_sync: 30,
  audioPerUnitUsd: 0.002,
  otherPerUnit: 2,
} as const;

export const LOW_BALANCE_THRESHOLD = 50;
export const UPGRADE_RECOMMENDATION_THRESHOLD = 10;
export const RECOMMENDED_PLAN_USAGE_FACTOR = 1.5;
export const ANNUAL_DISCOUNT = 0.2;

export const CREDIT_HISTORY_PAGE_SIZE = 50;
/** Credits one admin may grant in one UTC day, summed over all users (a slip or a stolen admin session stays bounded). */
export const ADMIN_DAILY_GRANT_CREDITS = 10_000;
export const USAGE_ANALYTICS_DAYS = 30;
export const INVOICES_LIMIT = 10;

export const CHECKOUT_REDIRECT_MS = 3000;
export const PASSWORD_SUCCESS_REDIRECT_MS = 2000;
export const OAUTH_FAILURE_RETURN_MS = 3000;
export const OAUTH_SIGNUP_CUTOFF_MS = 60_000;
export const WELCOME_WINDOW_MS = 15 * 60_000;
export const PLAN_STATUS_CACHE_MS = 30 * 60_000;
export const BANNER_MS = 5000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 96;
export const AVATAR_JPEG_QUALITY = 0.8;

export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** spec 2 §5: the types every image slot takes (an input's `accept`; the bff checks the bytes). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Largest image (width × height) the studio decodes: 50 MP takes a 48 MP phone photo, and is far
 * below sharp's default (268 MP), where a 1 MB PNG of 16000×16000 costs seconds and ~1 GB.
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** Uploaded audio for lip-sync (spec 2 §5). */
export const AUDIO_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Images per generation (spec 2 §9): 1 to 4, 1 by default. */
export const IMAGE_COUNT_MIN = 1;
export const IMAGE_COUNT_MAX = 4;
export const PASSWORD_MIN = 6;
/** spec 1 §3 weak_password: the least zxcvbn score (0–4) a new password needs; common and guessable ones score lower. */
export const PASSWORD_MIN_SCORE = 2;
/**
 * spec 1 §2: what a page shows while loading (the protected wrapper) and the OAuth callback page.
 * Here rather than in `Messages` so the landing page's first script can show them without zod.
 */
export const PAGE_LOADING_TEXTS = { loading: 'Loading...', completingSignIn: 'Completing Sign In' } as const;
/** An account without a password proves it is its owner by a sign-in this recent (deleting it, setting a password). */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Task prices (spec 2 §9): what the seeded task_pricing rows produce. */
export const TASK_CREDITS = {
  image: 1,
  voice: 1,
  videoSection: 2,
  /** Not priced by the spec: a 2× upscale costs about two images' worth of compute. */
  upscale: 2,
  /** Not priced by the spec: describing an image is one cheap vision call. */
  describe: 1,
  /** Not priced by the spec: one Product Studio step (cut-out, background, placement, reframe). */
  studioStep: 1,
  /** Not priced by the spec: a style or character training costs what spec 1 §9 charges any other task. */
  training: FALLBACK_TASK_CREDITS.otherPerUnit,
  /** Not priced by the spec: a track composed from a prompt by the hosted music model, like any other task. */
  music: FALLBACK_TASK_CREDITS.otherPerUnit,
} as const;

/** spec 1 §4: the welcome flow places the product on a 1820×1024 canvas with a 10% margin. */
export const WELCOME_CANVAS = { width: 1820, height: 1024, margin: 0.1 } as const;
/** spec 1 §4: what Generate makes in the welcome flow. */
export const WELCOME_EDIT_IMAGES = 3;
export const WELCOME_BACKGROUND_IMAGES = 1;

/** spec 2 §5, §9: voice cloning samples (10 MB max, a warning under 100 KB) and lip-sync audio uploads (50 MB). */
export const CLONE_SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
export const CLONE_SAMPLE_WARN_BYTES = 100 * 1024;

/** spec 2 §5 (402 'Voice cloning requires a Creator plan or higher'): the tiers that may clone a voice. */
export const VOICE_CLONING_TIERS: readonly SubscriptionTierName[] = ['basic', 'pro', 'unlimited'];
