import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI, { NotFoundError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { startFakeGemini } from '@test/server/fake-gemini-server';
import { startFakeA1111 } from '@test/server/fake-a1111-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { startTestServer } from '@test/server/test-server';

/**
 * Models that exist, checked at start: the local servers that stand in for OpenAI and Gemini refuse
 * unknown and retired models as the real APIs do, the defaults are models they serve, and a server
 * configured with a retired model says so in /api/health (outside production; production refuses
 * to start: main.int.test.ts).
 */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
const servers: RunningServer[] = [];

beforeAll(async () => {
  [openai, gemini] = await Promise.all([startFakeOpenAi(), startFakeGemini()]);
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await Promise.all([openai?.close(), gemini?.close()]);
});

async function serverWith(env: Record<string, string>) {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}

async function healthOf(server: RunningServer) {
  return (await fetch(`${server.url}/api/health`)).json() as Promise<Record<string, unknown>>;
}

const openAiEnv = () => ({ IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-test' });
const geminiEnv = () => ({ IMAGE_ENGINE: 'gemini', GEMINI_BASE_URL: gemini.baseUrl, GEMINI_API_KEY: 'gemini-test-key' });

describe('the local stand-ins for the hosted APIs', () => {
  it('refuse gpt-image-1, shut down on 2026-10-23, with 404 model_not_found as OpenAI does', async () => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: openai.baseUrl, maxRetries: 0 });
    const generation = await client.images.generate({ model: 'gpt-image-1', prompt: 'a lighthouse' }).catch((error: unknown) => error);
    expect(generation).toBeInstanceOf(NotFoundError);
    expect((generation as NotFoundError).code).toBe('model_not_found');
    await expect(client.models.retrieve('gpt-image-1')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.models.retrieve('dall-e-3')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.models.retrieve('gpt-image-2.5-flare')).resolves.toMatchObject({ id: 'gpt-image-2.5-flare' });
  });

  it('refuse gemini-2.5-flash-image, past its shutdown, with 404 NOT_FOUND as Gemini does', async () => {
    const ai = new GoogleGenAI({ apiKey: 'gemini-test-key', httpOptions: { baseUrl: gemini.baseUrl, retryOptions: { attempts: 1 } } });
    const answer = await ai.models
      .generateContent({ model: 'gemini-2.5-flash-image', contents: 'a lighthouse' })
      .catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(ApiError);
    expect((answer as ApiError).status).toBe(404);
    await expect(ai.models.get({ model: 'gemini-2.5-flash' })).rejects.toBeInstanceOf(ApiError);
    await expect(ai.models.get({ model: 'gemini-3.1-flash-image' })).resolves.toMatchObject({ name: 'models/gemini-3.1-flash-image' });
  });
});

describe('the hosted model check at start', () => {
  it('accepts the default OpenAI and Gemini models: both servers start healthy', async () => {
    const [withOpenAi, withGemini] = [await serverWith(openAiEnv()), await serverWith(geminiEnv())];
    expect(await healthOf(withOpenAi)).toEqual({ status: 'ok', database: 'ok' });
    expect(await healthOf(withGemini)).toEqual({ status: 'ok', database: 'ok' });
    // It asked about each configured model.
    expect(openai.received.filter((r) => r.path.startsWith('/models/')).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/models/gpt-image-2.5-flare', '/models/gpt-5.4-mini']),
    );
  });

  it('shows a retired model as a degraded detail of /api/health, naming the model and its variable', async () => {
    const server = await serverWith({ ...openAiEnv(), OPENAI_IMAGE_MODEL: 'gpt-image-1' });
    expect(await healthOf(server)).toEqual({
      status: 'degraded',
      database: 'ok',
      models: [
        {
          variable: 'OPENAI_IMAGE_MODEL',
          model: 'gpt-image-1',
          problem: 'not-found',
          detail: 'the provider does not serve the model "gpt-image-1" (unknown or retired); set OPENAI_IMAGE_MODEL to a model it serves',
        },
      ],
    });
    const withGemini = await serverWith({ ...geminiEnv(), GEMINI_TEXT_MODEL: 'gemini-2.5-flash' });
    expect(await healthOf(withGemini)).toMatchObject({
      status: 'degraded',
      models: [{ variable: 'GEMINI_TEXT_MODEL', model: 'gemini-2.5-flash', problem: 'not-found' }],
    });
  });

  it('shows an operator’s ComfyUI that does not answer, and an A1111 that refuses the credentials, as degraded details naming the variable to fix', async () => {
    const a1111 = await startFakeA1111({ auth: 'pm:right' });
    try {
      const server = await serverWith({
        IMAGE_ENGINES: 'local,comfyui,a1111',
        COMFYUI_URL: 'http://127.0.0.1:9',
        A1111_URL: a1111.url,
        A1111_AUTH: 'pm:wrong',
      });
      const health = (await healthOf(server)) as { status: string; models: Array<{ variable: string; problem: string }> };
      expect(health.status).toBe('degraded');
      expect(health.models.map(({ variable, problem }) => ({ variable, problem }))).toEqual([
        { variable: 'COMFYUI_URL', problem: 'unreachable' },
        { variable: 'A1111_AUTH', problem: 'unauthorized' },
      ]);
    } finally {
      await a1111.close();
    }
  });

  it('shows a key the provider refuses as one degraded detail naming OPENAI_API_KEY', async () => {
    const strict = await startFakeOpenAi({ apiKey: 'sk-current' });
    try {
      const server = await serverWith({ IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: strict.baseUrl, OPENAI_API_KEY: 'sk-revoked' });
      expect(await healthOf(server)).toMatchObject({
        status: 'degraded',
        models: [
          {
            variable: 'OPENAI_API_KEY',
            problem: 'unauthorized',
            detail: 'the provider refused the key (HTTP 401); set OPENAI_API_KEY to a key it accepts',
          },
        ],
      });
    } finally {
      await strict.close();
    }
  });

  it('reports a provider it cannot reach as unchecked, not as a missing model', async () => {
    const server = await serverWith({ IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test' });
    const health = (await healthOf(server)) as { status: string; models: Array<{ problem: string }> };
    expect(health.status).toBe('degraded');
    expect(health.models.map((m) => m.problem)).toEqual(['unchecked', 'unchecked']);
  });
});
