// An ordinary chat's tools follow the agents' capabilities: with `web_search` left out of
// parley.yaml's `endpoints.agents.capabilities`, a chat that turns web search on gets no search
// (the web app's tools menu hides the tool too), while another tool of the list stays usable.
import type { ReceivedRequest } from '@parley/llm-sim';
import type { ContentPart } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf } from '../chat/sse-client.ts';

describe('web search with the web_search agents capability left out', () => {
  let chat: ChatFixture;
  const upstream: ReceivedRequest[] = [];
  beforeAll(async () => {
    chat = await startChatFixture({
      onSimRequest: (request) => void upstream.push(request),
      extraYaml: `
  agents:
    capabilities: [tools, file_search, execute_code, artifacts]
webSearch:
  searchProvider: searxng
  searxngInstanceUrl: SIM_URL
  scraperType: firecrawl
  firecrawlApiUrl: SIM_URL
  firecrawlApiKey: fc-operator
  rerankerType: jina
  jinaApiUrl: SIM_URL/v1/rerank
  jinaApiKey: jina-operator
`,
    });
  });
  afterAll(() => chat?.stop());

  it('lists no web_search capability, offers the model no search tool and runs none', async () => {
    const endpoints = (await (
      await chat.server.api('/api/endpoints', { token: chat.alice.token })
    ).json()) as {
      agents?: { capabilities?: string[] };
    };
    expect(endpoints.agents?.capabilities).not.toContain('web_search');

    const events = await (
      await chat.send({
        text: 'Do sea otters use tools?',
        model: 'web-search',
        ephemeralAgent: { web_search: true },
      })
    ).rest();
    const final = finalOf(events)!;
    // The simulator's model asks for a search whatever it is offered; here nothing runs it.
    const content = (final.responseMessage.content ?? []) as ContentPart[];
    const calls = content
      .filter((p) => p.type === 'tool_call')
      .map((p) => p.tool_call as { progress?: number; output?: string });
    expect(calls.every((call) => call.progress !== 1 && !call.output?.includes('sources'))).toBe(true);
    const asked = upstream.filter((r) => JSON.stringify(r.body).includes('Do sea otters use tools?'));
    expect(asked.length).toBeGreaterThan(0);
    const offered = (asked[0]!.body as { tools?: { function?: { name?: string } }[] }).tools ?? [];
    expect(offered.map((tool) => tool.function?.name)).not.toContain('web_search');
  });
});
