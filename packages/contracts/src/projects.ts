import { z } from 'zod';
import { Messages } from './errors.ts';
import { PageCursor, Uuid } from './ids.ts';
import {
  AD_FORMATS,
  CaptionStyle,
  DEFAULT_VIDEO_MODEL,
  MAX_HOOK_ALTERNATIVES,
  MAX_VIDEO_SECTIONS,
  parseJobClipPath,
  ProductShotSettings,
  SCRIPT_BLOCK_MAX_CHARS,
  SECTION_KINDS,
  VIDEO_MODEL_IDS,
  type VideoModelId,
} from './videos.ts';
import { VOICE_SETTING_RANGES, VoiceId } from './voices.ts';

/**
 * Projects (spec 1 §3 `projects (id, created_at, user_id)`): an editor's draft kept on the server,
 * so Reload or Exit never loses the sections, scripts and approved audio the user made.
 */
export const PROJECT_KINDS = ['editor', 'create', 'simple'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];
export const PROJECT_TITLE_MAX = 120;
/** A draft is text and links, never media: 256 KB holds twelve sections of long scripts with room to spare. */
export const PROJECT_DRAFT_MAX_BYTES = 256 * 1024;
/** Script blocks in one section (the video request's own bound). */
export const PROJECT_SECTION_BLOCKS_MAX = 20;
export const PROJECTS_PAGE_SIZE = 20;
export const PROJECTS_PAGE_MAX = 50;
/** How long the editors wait after the last change before saving the draft. */
export const PROJECT_SAVE_DEBOUNCE_MS = 1000;

export const ProjectMessages = {
  notFound: 'Project not found.',
  kindInvalid: 'Choose which editor the project is for: editor, create or simple.',
  draftInvalid: 'This draft cannot be saved: its sections are not in the editor’s form.',
  draftTooLarge: 'This draft is too large to save. Remove some sections or shorten the scripts.',
  tooManySections: `A draft has at most ${MAX_VIDEO_SECTIONS} sections.`,
  tooManyBlocks: `A section has at most ${PROJECT_SECTION_BLOCKS_MAX} script blocks.`,
  tooManyHooks: `A hook has at most ${MAX_HOOK_ALTERNATIVES} alternatives.`,
  titleTooLong: `A project name has at most ${PROJECT_TITLE_MAX} characters.`,
  mediaNotYours: 'This draft uses an image or audio file that is not in your account. Choose one of your own.',
  saving: 'Saving…',
  saved: 'Saved',
  saveFailed: 'Not saved. Your changes are kept on this page; check your connection.',
  recentTitle: 'Recent projects',
  recentEmpty: 'No saved projects yet.',
  untitled: 'Untitled video',
} as const;

export const ProjectRoutes = {
  projects: '/api/projects',
  project: '/api/projects/:id',
} as const;
export const projectPath = (id: string) => `${ProjectRoutes.projects}/${encodeURIComponent(id)}`;

/** An image or audio file of the user's, by the URL the studio gave it (checked to be theirs on save). */
const mediaUrl = z.string().trim().max(500).nullable().default(null);
const localId = z.string().trim().min(1).max(100);
const seconds = z.number().min(0).max(600).nullable().default(null);
const unit = z.number().min(0).max(1);

export const DRAFT_BLOCK_AUDIO_STATUSES = ['none', 'generating', 'generated', 'approved', 'rejected', 'disabled'] as const;

/** A script block (spec 2 §3): its text and its active audio. */
export const DraftScriptBlock = z.object({
  id: localId,
  text: z.string().max(SCRIPT_BLOCK_MAX_CHARS, { error: Messages.scriptTooLong }).default(''),
  audioStatus: z.enum(DRAFT_BLOCK_AUDIO_STATUSES).default('none'),
  audioUrl: mediaUrl,
  duration: seconds,
});
export type DraftScriptBlock = z.output<typeof DraftScriptBlock>;

/** A voice and its sliders (spec 2 §3 voice settings), with the name the editor shows. */
export const DraftVoice = z.object({
  voiceId: VoiceId,
  name: z.string().max(100).default(''),
  stability: unit,
  similarityBoost: unit,
  speed: z.number().min(VOICE_SETTING_RANGES.speed.min).max(VOICE_SETTING_RANGES.speed.max),
});
export type DraftVoice = z.output<typeof DraftVoice>;

/** A section of either editor (spec 2 §3): the talking-person editor's blocks, or the simple editor's one script and audio. */
export const DraftSection = z.object({
  id: localId,
  name: z.string().trim().max(100).default(''),
  videoPrompt: z.string().max(2000).default(''),
  scriptEnabled: z.boolean().default(true),
  captions: z.boolean().default(false),
  imageUrl: mediaUrl,
  voice: DraftVoice.optional(),
  /** A talking head, or a product shot with its set, camera move and length. */
  kind: z.enum(SECTION_KINDS).default('talking'),
  // A set still being described (empty) is kept: a draft holds work in progress; the start refuses it.
  shot: ProductShotSettings.extend({ scene: z.string().trim().max(200).default('marble') }).optional(),
  /** A talking section's product card: the product's photo and the word that brings it in. */
  card: z
    .object({ imageUrl: z.string().trim().min(1).max(500), atWord: z.string().trim().max(100) })
    .nullable()
    .default(null),
  scriptBlocks: z.array(DraftScriptBlock).max(PROJECT_SECTION_BLOCKS_MAX, { error: ProjectMessages.tooManyBlocks }).default([]),
  /** The simple editor: one script, its audio, and the description its image may be generated from. */
  scriptText: z.string().max(SCRIPT_BLOCK_MAX_CHARS, { error: Messages.scriptTooLong }).default(''),
  audioUrl: mediaUrl,
  audioDuration: seconds,
  imagePrompt: z.string().max(2000).default(''),
  /**
   * The section's last video (one of the user's section clips, by its URL) and what it was made
   * from (the editor's own summary of the section's inputs): while they match, Generate asks the
   * server to reuse it. Checked again by the server, which reuses only the user's own clip whose
   * inputs still match.
   */
  lastVideo: z
    .object({
      url: z
        .string()
        .max(500)
        .refine((url) => parseJobClipPath(url) !== null),
      posterUrl: z.string().max(500).nullable().default(null),
      signature: z.string().max(20_000),
    })
    .nullable()
    .catch(null)
    .default(null),
});
export type DraftSection = z.output<typeof DraftSection>;

/** What an editor keeps of its work: the sections, the model, the video settings and (simple editor) the one voice. */
export const ProjectDraft = z.object(
  {
    sections: z
      .array(DraftSection, { error: ProjectMessages.draftInvalid })
      .max(MAX_VIDEO_SECTIONS, { error: ProjectMessages.tooManySections }),
    model: z.enum(VIDEO_MODEL_IDS as [VideoModelId, ...VideoModelId[]], { error: Messages.unknownModel }).default(DEFAULT_VIDEO_MODEL),
    settings: z.object({ aspectRatio: z.string().max(10), duration: z.number().int().min(0).max(600) }).optional(),
    /** The finished ad's options (caption style, further formats, jump cuts). */
    ad: z
      .object({
        captionStyle: CaptionStyle,
        alsoFormats: z.array(z.enum(AD_FORMATS)).max(AD_FORMATS.length),
        tightCuts: z.boolean(),
        /** A bed of the library (`trackId`), or the user's own music (`audioUrl`, a composed track's prompt as its `name`). */
        music: z
          .object({
            trackId: z.string().max(100).optional(),
            audioUrl: z.string().max(500).optional(),
            name: z.string().max(300).optional(),
            volume: z.number().min(0).max(1),
          })
          .nullable()
          .default(null),
        endCard: z.boolean().default(false),
      })
      .optional(),
    voice: DraftVoice.optional(),
    /**
     * The talking-person editor's first section marked as the hook, with its alternatives (each a
     * section of its own: script, voice, image or product shot): one video per hook.
     */
    hook: z
      .object({
        alternatives: z.array(DraftSection).max(MAX_HOOK_ALTERNATIVES, { error: ProjectMessages.tooManyHooks }),
      })
      .nullable()
      .default(null),
  },
  { error: ProjectMessages.draftInvalid },
);
export type ProjectDraft = z.output<typeof ProjectDraft>;
export type ProjectDraftInput = z.input<typeof ProjectDraft>;

const title = z.string().trim().max(PROJECT_TITLE_MAX, { error: ProjectMessages.titleTooLong });

export const CreateProjectRequest = z.object({
  kind: z.enum(PROJECT_KINDS, { error: ProjectMessages.kindInvalid }),
  /** Without one, the project is named after the start of its first script. */
  title: title.optional(),
  draft: ProjectDraft,
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequest>;

export const UpdateProjectRequest = z.object({ title: title.optional(), draft: ProjectDraft });
export type UpdateProjectRequest = z.input<typeof UpdateProjectRequest>;

export const ProjectParams = z.object({ id: Uuid });

export const ProjectListQuery = z.object({
  kind: z.enum(PROJECT_KINDS, { error: ProjectMessages.kindInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(PROJECTS_PAGE_MAX).default(PROJECTS_PAGE_SIZE),
  /** The `nextCursor` of the page before (newest change first). */
  cursor: PageCursor.optional(),
});
export type ProjectListQuery = z.input<typeof ProjectListQuery>;

export const Project = z.object({
  id: z.string(),
  kind: z.enum(PROJECT_KINDS),
  title: z.string(),
  draft: ProjectDraft,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.output<typeof Project>;

/** A project in the recent list: what it is and how far it got, without its draft. */
export const ProjectSummary = Project.omit({ draft: true }).extend({ sections: z.number() });
export type ProjectSummary = z.output<typeof ProjectSummary>;

export const ProjectResponse = z.object({ success: z.literal(true), project: Project });
export type ProjectResponse = z.output<typeof ProjectResponse>;
export const ProjectListResponse = z.object({
  success: z.literal(true),
  items: z.array(ProjectSummary),
  nextCursor: z.string().nullable(),
});
export type ProjectListResponse = z.output<typeof ProjectListResponse>;
