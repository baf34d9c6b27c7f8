/**
 * Scripts written by a language model from the same facts the templates read: an OpenAI-compatible
 * chat endpoint through the official `openai` SDK (`LLM_BASE_URL` + `LLM_API_KEY`), or fal's
 * any-llm endpoint through `@fal-ai/client` (`FAL_KEY`). Each is asked for one JSON object of the
 * scripts' shape; an answer that does not parse as that shape is refused, never patched up. Each
 * SDK is loaded on the first draft, not when the studio starts.
 */
import { AD_DRAFT_HOOKS, AdDraftMessages, PRODUCT_SHOT_SCRIPT_WORDS_MAX } from '@studio/contracts';
import type { LanguageModelSettings } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { AdScripts, TALKING_SCRIPT_WORDS_MAX, type ProductFacts, type ScriptWriter } from './scripts.ts';

/** A draft waits this long for the model's answer. */
const ANSWER_TIMEOUT_MS = 30_000;
const FAL_LLM_ENDPOINT = 'fal-ai/any-llm';

export const SYSTEM_PROMPT = [
  'You write the scripts of short vertical UGC video ads, spoken to camera by one presenter.',
  'Answer with one JSON object and nothing else, in exactly this shape:',
  '{"hooks":[{"label":"…","script":"…"}],"problem":"…","productShot":"…","benefit":"…","callToAction":"…"}',
  `Rules: exactly ${AD_DRAFT_HOOKS} hooks, each a different way to open the ad (for example a question, a bold claim, a short story), each with a label of one to three words;`,
  `every script at most ${TALKING_SCRIPT_WORDS_MAX} words, except productShot, said over a shot of the product, at most ${PRODUCT_SHOT_SCRIPT_WORDS_MAX} words;`,
  'name the product in productShot, benefit and callToAction; use only the facts given, never invent prices, numbers or claims;',
  'when a call to action is given, callToAction begins with it; plain spoken English, no emoji, no hashtags, no stage directions.',
].join('\n');

/** The facts the model writes from, as the user message. */
export const factsMessage = ({ title, description, ctaText }: ProductFacts) =>
  JSON.stringify({ product: title, description: description || null, callToAction: ctaText || null });

/** The model's answer as scripts, or null when it is not the asked shape (a code fence around the JSON is tolerated). */
export function parseAnswer(text: string | null | undefined): AdScripts | null {
  if (!text) return null;
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const scripts = AdScripts.safeParse(json);
  return scripts.success ? scripts.data : null;
}

const unavailable = (cause: unknown) => Object.assign(new AppError(502, 'upstream_failed', AdDraftMessages.modelUnavailable), { cause });
const invalidAnswer = () => new AppError(502, 'upstream_failed', AdDraftMessages.modelAnswerInvalid);

/** The writer for the configured model. */
export function languageModelWriter(settings: LanguageModelSettings, logger: Logger): ScriptWriter {
  const ask = settings.provider === 'openai' ? openAiChat(settings) : falAnyLlm(settings);
  return {
    kind: 'language-model',
    async write(facts) {
      const answer = await ask(facts).catch((error: unknown) => {
        logger.warn({ err: error, provider: settings.provider }, 'the language model did not answer an ad draft');
        throw unavailable(error);
      });
      const scripts = parseAnswer(answer);
      if (!scripts) {
        logger.warn({ provider: settings.provider, answer: answer?.slice(0, 500) }, 'the language model answered an ad draft out of shape');
        throw invalidAnswer();
      }
      return scripts;
    },
  };
}

/** `POST {baseUrl}/chat/completions` through the official SDK, asking for a JSON object. */
function openAiChat(settings: Extract<LanguageModelSettings, { provider: 'openai' }>) {
  let client: Promise<import('openai').OpenAI> | undefined;
  const open = () =>
    (client ??= import('openai').then(
      ({ OpenAI }) => new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: ANSWER_TIMEOUT_MS, maxRetries: 1 }),
    ));
  return async (facts: ProductFacts): Promise<string | null> => {
    const completion = await (
      await open()
    ).chat.completions.create({
      model: settings.model,
      response_format: { type: 'json_object' },
      temperature: 0.8,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: factsMessage(facts) },
      ],
    });
    return completion.choices[0]?.message?.content ?? null;
  };
}

/** fal's any-llm endpoint (queue submit → status → result): `{ model, system_prompt, prompt }` → `{ output }`. */
function falAnyLlm(settings: Extract<LanguageModelSettings, { provider: 'fal' }>) {
  let client: Promise<import('@fal-ai/client').FalClient> | undefined;
  const base = settings.falBaseUrl?.replace(/\/$/, '');
  const open = () =>
    (client ??= import('@fal-ai/client').then(({ createFalClient }) =>
      createFalClient({
        credentials: settings.falKey,
        requestMiddleware: base ? async (r) => ({ ...r, url: r.url.replace(/^https:\/\/(queue\.)?fal\.run/, base) }) : undefined,
      }),
    ));
  return async (facts: ProductFacts): Promise<string | null> => {
    const fal = await open();
    const result = await fal.subscribe(FAL_LLM_ENDPOINT, {
      input: { model: settings.model, system_prompt: SYSTEM_PROMPT, prompt: factsMessage(facts) },
      pollInterval: 500,
      abortSignal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    const data = result.data as { output?: unknown; error?: unknown };
    if (typeof data.error === 'string' && data.error) throw new Error(`fal any-llm: ${data.error}`);
    return typeof data.output === 'string' ? data.output : null;
  };
}
