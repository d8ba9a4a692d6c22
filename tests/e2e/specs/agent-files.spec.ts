import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiToken } from './conversations-helpers.ts';

test('agent builder files: documents chosen for file search are saved with the agent', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signIn(page, baseURL!, 'agentfiles');
  const token = await apiToken(page, user);
  const res = await page.request.post('/api/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      endpoint: 'agents',
      // On the agents endpoint a document names the tool that reads it.
      tool_resource: 'file_search',
      file: {
        name: 'handbook.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Handbook\n\nLeave is 25 days.\n'),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { file_id } = (await res.json()) as { file_id: string };

  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-name').fill('HR helper');
  await builder.getByTestId('agent-model').selectOption('echo');
  await expect(builder.getByTestId('agent-files')).toHaveCount(0);
  await builder.getByTestId('agent-capability-file_search').click();
  const files = builder.getByTestId('agent-files');
  await expect(files).toContainText('handbook.md');
  await files.getByTestId(`agent-file-${file_id}`).check();
  await page.screenshot({ path: testInfo.outputPath('agent-files.png') });
  await builder.getByTestId('agent-save').click();
  await expect(builder.getByTestId('agent-select')).toHaveValue(/^agent_/);
  const agentId = await builder.getByTestId('agent-select').inputValue();
  const saved = (await (
    await page.request.get(`/api/agents/${agentId}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { tool_resources: unknown; tools: string[] };
  expect(saved.tools).toContain('file_search');
  expect(saved.tool_resources).toEqual({ file_search: { file_ids: [file_id] } });
  await expect(files.getByTestId(`agent-file-${file_id}`)).toBeChecked();
});
