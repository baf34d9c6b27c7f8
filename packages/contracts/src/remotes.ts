import { z } from 'zod';
import type { AdDraft } from './ad-drafts.ts';

/**
 * Remote-module contracts: which remotes exist, what each one exposes and the props of every
 * exposed module. The shell registers remotes at runtime from `/remotes.json`, so Module
 * Federation's type plugin cannot help (DESIGN §2.2); these types are the contract instead.
 *
 * Why no `declare module 'mfe_account/…'` here: TypeScript refuses ambient module declarations
 * inside a module file (TS2664), and a static `import … from 'mfe_account/X'` would not build
 * anyway because no remote is known at build time. Apps load exposed modules with
 * `loadRemote<RemoteModule<'mfe_account/CreditsWidget'>>(id)`, typed by `RemoteModules` below.
 */

/** The remotes the shell composes (served at /remotes.json from configuration). */
export const REMOTE_NAMES = ['mfe_account', 'mfe_gallery', 'mfe_video_editor', 'mfe_image_studio', 'mfe_voices'] as const;
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const RemotesManifest = z.object({
  remotes: z.array(z.object({ name: RemoteName, entry: z.string() })),
});
export type RemotesManifest = z.infer<typeof RemotesManifest>;

/** Top-level folder of each remote (its build lands in `<folder>/dist`, served at `/mfe/<folder>/`). */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mfe_account: 'mfe-account',
  mfe_gallery: 'mfe-gallery',
  mfe_video_editor: 'mfe-video-editor',
  mfe_image_studio: 'mfe-image-studio',
  mfe_voices: 'mfe-voices',
};

/** Modules each remote exposes, as `./Name` keys of its Module Federation `exposes`. */
export const REMOTE_EXPOSES = {
  mfe_account: ['./SubscriptionPage', './AnalyticsPage', './CreditsWidget', './UpgradeDialog', './AccountMenu'],
  mfe_gallery: [
    './ImagesPage',
    './DiscoverPage',
    './VideosPage',
    './WelcomeModal',
    './ProductsPage',
    './StylesPage',
    './ProductPicker',
    './GuidePage',
    './AdminJobsPage',
  ],
  mfe_video_editor: ['./EditorPage', './CreatePage', './SimpleVideoPage'],
  mfe_image_studio: ['./ProductStudioPage', './TrainStylePage', './AdClonePage', './TrainCharacterPage'],
  mfe_voices: ['./VoicesPage', './VoicePicker', './VoiceSettings', './CreateVoiceProfileDialog', './AudioPlayer'],
} as const satisfies Partial<Record<RemoteName, readonly `./${string}`[]>>;

type ExposeId<R extends keyof typeof REMOTE_EXPOSES> = `${R}/${(typeof REMOTE_EXPOSES)[R][number] extends `./${infer N}` ? N : never}`;
/** Every loadable id, e.g. `mfe_account/CreditsWidget`. */
export type RemoteModuleId = { [R in keyof typeof REMOTE_EXPOSES]: ExposeId<R> }[keyof typeof REMOTE_EXPOSES];

/**
 * A component as a remote exports it. Kept free of React types (contracts imports only zod);
 * apps view it as `React.ComponentType<P>`.
 */
export type RemoteComponent<P> = (props: P) => unknown;

/** Full-page route screens get no props: they read the session atoms and the router. */
export type RoutePageProps = Record<string, never>;

/** Compact balance display for headers and menus. */
export interface CreditsWidgetProps {
  /** `compact` fits a top bar; `card` shows reset date and a link to plans. */
  variant?: 'compact' | 'card';
}

/**
 * The upgrade dialog (spec 2 §2, §5). With `creditsNeeded` it explains the shortfall:
 * "You need N more credit(s) to {action}. …"; without, it asks the user to choose a plan
 * (plan gating, spec 1 §4).
 */
export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Credits missing for the action the user tried. */
  creditsNeeded?: number;
  /** What the user tried to do, in words that follow "to": "generate this video". */
  action?: string;
}

/** The account part of the user menu: avatar upload, username editing, credits. */
export interface AccountMenuProps {
  /** Called after the profile changed so the host can refresh anything it derived. */
  onProfileChange?: () => void;
}

/**
 * The welcome modal (spec 1 §4): upload a product photo, Generate makes the first images. The
 * host decides when it shows and records that it was closed.
 */
export interface WelcomeModalProps {
  onClose: () => void;
}

/** A voice as an editor keeps it (spec 2 §3 voice settings: preset, custom or saved). */
export interface VoiceChoice {
  voiceId: string;
  name: string;
  /** Where it was picked: a preset, a saved voice, the user's own profile, a character's voice, the library. */
  source: 'preset' | 'saved' | 'profile' | 'character' | 'library';
  /** A saved voice's own sliders (spec 2 §3 saved voices keep their settings): the editor takes them with it. */
  settings?: VoiceSettingsValue;
}

/**
 * The voice selection panel (spec 2 §2): presets, saved profiles, character voices and the library
 * grouped by category, each with preview play (volume 0.7; errors shown 5 s).
 */
export interface VoicePickerProps {
  /** The selected voice id. */
  value: string;
  onChange: (choice: VoiceChoice) => void;
  /** Offers "Create New Voice Profile" (the dialog is the editor's to open). */
  onCreateProfile?: () => void;
}

/** The three sliders of spec 2 §2 with the ranges and steps of §9; the editor passes its defaults. */
export interface VoiceSettingsValue {
  stability: number;
  similarityBoost: number;
  speed: number;
}
export interface VoiceSettingsProps {
  value: VoiceSettingsValue;
  onChange: (value: VoiceSettingsValue) => void;
  disabled?: boolean;
}

/** The Create Voice Profile dialog (spec 2 §2): a name and a sample, cloned into a profile. */
export interface CreateVoiceProfileDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new profile's voice id and name. */
  onCreated?: (choice: VoiceChoice) => void;
}

/** A player for generated or uploaded audio, with its duration. */
export interface AudioPlayerProps {
  src: string;
  /** Seconds, when known before the file loads. */
  duration?: number;
  /** Accessible name of the player. */
  label: string;
}

/**
 * What `/app/simple-video` may arrive with in navigation state (spec 2 §1): a starting image from
 * the gallery and the voice chosen for it.
 */
export interface SimpleVideoNavigationState {
  imageUrl?: string;
  assetId?: string;
  voiceId?: string;
}

/**
 * What `/app/editor` may arrive with in navigation state: an ad drafted from a product
 * (`POST /api/ad-drafts`), loaded as the editor's draft.
 */
export interface EditorNavigationState {
  adDraft?: AdDraft;
}

/** The Products picker (spec 2 §2): search and image grid of the user's products; a photo picked is handed over. */
export interface ProductPickerProps {
  onPick: (image: { url: string; title: string }) => void;
}

/** Type of each exposed module, keyed by loadable id. */
export interface RemoteModules {
  'mfe_account/SubscriptionPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_account/AnalyticsPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_account/CreditsWidget': { default: RemoteComponent<CreditsWidgetProps> };
  'mfe_account/UpgradeDialog': { default: RemoteComponent<UpgradeDialogProps> };
  'mfe_account/AccountMenu': { default: RemoteComponent<AccountMenuProps> };
  'mfe_gallery/ImagesPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/DiscoverPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/VideosPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/WelcomeModal': { default: RemoteComponent<WelcomeModalProps> };
  'mfe_gallery/ProductsPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/StylesPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/ProductPicker': { default: RemoteComponent<ProductPickerProps> };
  'mfe_gallery/GuidePage': { default: RemoteComponent<RoutePageProps> };
  'mfe_gallery/AdminJobsPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_video_editor/EditorPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_video_editor/CreatePage': { default: RemoteComponent<RoutePageProps> };
  'mfe_video_editor/SimpleVideoPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_image_studio/ProductStudioPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_image_studio/TrainStylePage': { default: RemoteComponent<RoutePageProps> };
  'mfe_image_studio/AdClonePage': { default: RemoteComponent<RoutePageProps> };
  'mfe_image_studio/TrainCharacterPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_voices/VoicesPage': { default: RemoteComponent<RoutePageProps> };
  'mfe_voices/VoicePicker': { default: RemoteComponent<VoicePickerProps> };
  'mfe_voices/VoiceSettings': { default: RemoteComponent<VoiceSettingsProps> };
  'mfe_voices/CreateVoiceProfileDialog': { default: RemoteComponent<CreateVoiceProfileDialogProps> };
  'mfe_voices/AudioPlayer': { default: RemoteComponent<AudioPlayerProps> };
}
export type RemoteModule<Id extends RemoteModuleId> = Id extends keyof RemoteModules ? RemoteModules[Id] : never;

/** Props of an exposed component; distributes over a union of ids. */
export type RemotePropsOf<Id extends RemoteModuleId> = Id extends RemoteModuleId
  ? RemoteModule<Id> extends { default: (props: infer P) => unknown }
    ? P
    : never
  : never;

/** The remote that owns a loadable id (`mfe_account/CreditsWidget` → `mfe_account`). */
export function remoteOfModule(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}
