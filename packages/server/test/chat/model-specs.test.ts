import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, SIM_ENDPOINT, type ChatFixture } from './chat-fixture.ts';
import { finalOf } from './sse-client.ts';

const SPECS_YAML = `
modelSpecs:
  enforce: true
  list:
    - name: brief-echo
      label: Brief echo
      description: Echoes, with a house style
      default: true
      preset:
        endpoint: ${SIM_ENDPOINT}
        model: echo
        promptPrefix: Be brief.
        temperature: 0.2
    - name: thinker
      label: Thinker
      preset:
        endpoint: ${SIM_ENDPOINT}
        model: thinking
`;

describe('model specs (parley.yaml modelSpecs)', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ extraYaml: SPECS_YAML });
  }, 60_000);
  afterAll(() => chat.stop());

  it('are offered in the startup configuration with enforce, prioritize and the default', async () => {
    const config = (await (await chat.server.api('/api/config')).json()) as {
      modelSpecs: Record<string, unknown>;
    };
    expect(config.modelSpecs).toMatchObject({
      enforce: true,
      prioritize: true,
      list: [
        {
          name: 'brief-echo',
          label: 'Brief echo',
          default: true,
          preset: { endpoint: SIM_ENDPOINT, model: 'echo' },
        },
        { name: 'thinker', label: 'Thinker', preset: { model: 'thinking' } },
      ],
    });
  });

  it('enforced: a request without a spec, or with an unknown one, is refused as an illegal model request', async () => {
    for (const body of [{}, { spec: 'no-such-spec' }]) {
      const res = await chat.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
        method: 'POST',
        token: chat.alice.token,
        json: { text: 'hi', conversationId: null, endpoint: SIM_ENDPOINT, model: 'echo', ...body },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'illegal_model_request' });
    }
  });

  it("enforced: the spec's preset decides the model and parameters whatever the request says", async () => {
    const stream = await chat.send({
      text: 'hello spec',
      spec: 'brief-echo',
      model: 'slow',
      temperature: 1.5,
      topP: 0.5,
    });
    const final = finalOf(await stream.rest());
    expect(final.conversation).toMatchObject({
      spec: 'brief-echo',
      model: 'echo',
      promptPrefix: 'Be brief.',
      temperature: 0.2,
    });
    expect(final.conversation.topP).toBeUndefined();
    expect(final.responseMessage.model).toBe('echo');
  });
});
