import { AdDraftMessages, AdDraftResponse, AdDraftRoutes, AD_DRAFT_HOOKS } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { createLogger } from '../../logger.ts';
import { languageModelWriter, SYSTEM_PROMPT } from '../../services/ad-drafts/language-model.ts';
import { balanceOf, createImageAsset, member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import {
  DOUBLE_LLM_KEY,
  startChatCompletionsDouble,
  startFalAnyLlmDouble,
  type LanguageModelDouble,
} from '../../../test/language-model-doubles.ts';

/** The studio with an OpenAI-compatible language model (LLM_BASE_URL + LLM_API_KEY), pointed at a double of its chat API. */
let studio: TestStudio;
let chat: LanguageModelDouble;
beforeAll(async () => {
  chat = await startChatCompletionsDouble();
  studio = await startTestStudio({ LLM_BASE_URL: `${chat.url}/v1`, LLM_API_KEY: DOUBLE_LLM_KEY, LLM_MODEL: 'double-writer-1' });
}, 120_000);
afterAll(async () => {
  await studio?.stop();
  await chat?.close();
});

const ledgerRows = (userId: string) => studio.deps.db('credit_transactions').where({ user_id: userId }).count<{ n: string }[]>({ n: '*' });

async function drafter() {
  const { user, client } = await member(studio, { credits: 9 });
  const photo = await createImageAsset(studio, user.id);
  const ask = (client: TestClient) =>
    client.post(AdDraftRoutes.drafts, { title: 'Mint Bottle', description: 'Keeps water cold for a day.', imageUrl: photo.public_url });
  return { user, client, ask: () => ask(client) };
}

describe('scripts written by an OpenAI-compatible language model', () => {
  it('asks the chat endpoint through its SDK for the JSON shape, from the product’s facts, and drafts from its answer, free', async () => {
    const { user, client, ask } = await drafter();
    const ledger = await ledgerRows(user.id);
    const res = await ask();
    expect(res.status).toBe(200);
    const { draft } = AdDraftResponse.parse(res.body);
    expect(draft.writtenBy).toBe('language-model');
    expect(draft.sections.find((s) => s.id === 'hook-1')!.scriptBlocks[0]!.text).toBe('POV: you finally found Mint Bottle.');
    expect(draft.sections.find((s) => s.kind === 'product')!.scriptBlocks[0]!.text).toBe(
      'This is Mint Bottle, and it does exactly what it says.',
    );
    expect(draft.variants.map((v) => v.label)).toEqual(['Hook 1: POV', 'Hook 2: Stop scrolling', 'Hook 3: Secret']);
    // The benefit names the product: its card comes in on the name's longest word.
    expect(draft.sections.find((s) => s.id === 'benefit')!.productOverlay?.atWord).toBe('Bottle');

    // What went over the wire is OpenAI's chat completions request, made by the SDK with the key.
    const sent = chat.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe(`Bearer ${DOUBLE_LLM_KEY}`);
    expect(sent.body).toMatchObject({ model: 'double-writer-1', response_format: { type: 'json_object' } });
    const messages = sent.body.messages as { role: string; content: string }[];
    expect(messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(JSON.parse(messages[1]!.content)).toEqual({
      product: 'Mint Bottle',
      description: 'Keeps water cold for a day.',
      callToAction: null,
    });
    expect(await balanceOf(client)).toBe(9);
    expect(await ledgerRows(user.id)).toEqual(ledger);
  });

  it('refuses an answer that does not parse as the plan (prose, two hooks, a product-shot line too long) with a clear 502, nothing charged', async () => {
    const { user, client, ask } = await drafter();
    const ledger = await ledgerRows(user.id);
    const good = JSON.parse(
      JSON.stringify({
        hooks: Array.from({ length: AD_DRAFT_HOOKS }, (_, i) => ({ label: `H${i}`, script: 'Hello there.' })),
        problem: 'A problem.',
        productShot: 'A shot.',
        benefit: 'A benefit.',
        callToAction: 'Buy it.',
      }),
    ) as Record<string, unknown>;
    const answers = [
      'Sure! Here is a great ad for your Mint Bottle: open with a question…',
      JSON.stringify({ ...good, hooks: (good.hooks as unknown[]).slice(0, 2) }),
      JSON.stringify({ ...good, productShot: Array(30).fill('word').join(' ') }),
      '',
    ];
    for (const text of answers) {
      chat.reply.push({ text });
      const res = await ask();
      expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([
        502,
        'upstream_failed',
        AdDraftMessages.modelAnswerInvalid,
      ]);
    }
    expect(await balanceOf(client)).toBe(9);
    expect(await ledgerRows(user.id)).toEqual(ledger);
  });

  it('says the model could not be reached when it keeps failing (the SDK tries twice), nothing charged', async () => {
    const { client, ask } = await drafter();
    const before = chat.requests.length;
    chat.reply.push({ status: 500 }, { status: 500 });
    const res = await ask();
    expect([res.status, res.body.error?.message]).toEqual([502, AdDraftMessages.modelUnavailable]);
    expect(chat.requests.length - before).toBe(2);
    expect(await balanceOf(client)).toBe(9);
  });

  it('is configured with both LLM_BASE_URL and LLM_API_KEY, or neither; fal’s model stands in with FAL_KEY', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/LLM_BASE_URL and LLM_API_KEY/);
    expect(() => loadConfig({ LLM_API_KEY: 'sk-x' })).toThrow(/LLM_BASE_URL and LLM_API_KEY/);
    expect(loadConfig({}).languageModel).toBeUndefined();
    expect(loadConfig({ FAL_KEY: 'k' }).languageModel).toMatchObject({ provider: 'fal', model: 'google/gemini-flash-1.5' });
    expect(loadConfig({ FAL_KEY: 'k', LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_API_KEY: 'sk-x' }).languageModel).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
  });
});

describe('scripts written by fal’s any-llm (FAL_KEY)', () => {
  let fal: LanguageModelDouble;
  beforeAll(async () => {
    fal = await startFalAnyLlmDouble();
  });
  afterAll(() => fal?.close());
  const writer = () =>
    languageModelWriter({ provider: 'fal', falKey: 'fal-double-key', falBaseUrl: fal.url, model: 'double/llm' }, createLogger('silent'));
  const facts = { title: 'Ink Mug', description: 'A mug.', ctaText: 'Order now' };

  it('submits to the queue through @fal-ai/client and reads the plan from its output', async () => {
    const scripts = await writer().write(facts);
    expect(scripts.callToAction).toBe('Order now and get Ink Mug today.');
    const submitted = fal.requests.find((r) => r.path === '/fal-ai/any-llm')!;
    expect(submitted.auth).toBe('Key fal-double-key');
    expect(submitted.body).toEqual({
      model: 'double/llm',
      system_prompt: SYSTEM_PROMPT,
      prompt: JSON.stringify({ product: 'Ink Mug', description: 'A mug.', callToAction: 'Order now' }),
    });
  });

  it('refuses an output that is not the plan', async () => {
    fal.reply.push({ text: '{"hooks": "three of them"}' });
    const refused = await writer()
      .write(facts)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 502, message: AdDraftMessages.modelAnswerInvalid });
  });
});
