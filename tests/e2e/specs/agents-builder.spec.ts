import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { chooseModel, closePhoneSidebar, lastAnswer, signIn, waitIdle } from '../support/chat.ts';

async function openBuilder(page: Page) {
  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  await expect(page.getByTestId('agent-builder')).toBeVisible();
}

test('build an agent: create, edit as a new version, restore an older one, duplicate and delete', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!, 'builder');
  await openBuilder(page);
  const builder = page.getByTestId('agent-builder');

  // A name is required.
  await builder.getByTestId('agent-save').click();
  await expect(builder.getByRole('alert')).toHaveText('Give the agent a name.');

  await builder.getByTestId('agent-name').fill('Trip planner');
  await builder.getByTestId('agent-description').fill('Plans short trips');
  await builder.getByTestId('agent-instructions').fill('You plan trips. Answer in one line.');
  await builder.getByTestId('agent-starter-0').fill('Plan a weekend in Lisbon');
  await builder.getByTestId('agent-starter-1').fill('What should I pack?');
  await builder.getByTestId('agent-model').selectOption('echo');
  await builder.getByTestId('agent-parameters-toggle').click();
  await builder.getByTestId('param-temperature').fill('0.3');
  // No tool server is configured here: only the built-in tools any agent may list (ask_user).
  await expect(builder.getByTestId('agent-tools')).toContainText('ask_user');
  await expect(builder.getByTestId('agent-tools')).not.toContainText('No tools are available');
  await page.screenshot({ path: testInfo.outputPath('agent-builder-new.png') });
  await builder.getByTestId('agent-save').click();
  await expect(page.getByText('Agent created')).toBeVisible();
  await expect(builder.getByTestId('agent-select')).toHaveValue(/^agent_/);
  const agentId = await builder.getByTestId('agent-select').inputValue();

  // Nothing changed: nothing to save. A change makes version 2.
  await expect(builder.getByTestId('agent-save')).toBeDisabled();
  await builder.getByTestId('agent-name').fill('Weekend planner');
  await builder.getByTestId('agent-save').click();
  await expect(page.getByText('Agent saved (version 2)')).toBeVisible();
  await expect(builder.getByTestId('agent-select').locator('option:checked')).toHaveText('Weekend planner');

  // Versions: restore version 1, which becomes version 3 with the first name.
  await builder.getByTestId('agent-more').click();
  await page.getByRole('menuitem', { name: 'Versions' }).click();
  const versions = page.getByTestId('agent-versions-dialog');
  await expect(versions.getByTestId('agent-version')).toHaveCount(2);
  await expect(versions.getByTestId('agent-version').first()).toContainText('Current');
  await page.screenshot({ path: testInfo.outputPath('agent-versions.png') });
  await versions.getByTestId('agent-revert-1').click();
  await expect(page.getByText('Restored as version 3')).toBeVisible();
  await expect(builder.getByTestId('agent-name')).toHaveValue('Trip planner');
  await expect(builder.getByTestId('agent-starter-1')).toHaveValue('What should I pack?');
  await builder.getByTestId('agent-parameters-toggle').click();
  await expect(builder.getByTestId('param-temperature')).toHaveValue('0.3');

  // Duplicate opens the copy; delete it after a confirmation and the builder starts a new agent.
  await builder.getByTestId('agent-more').click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('Agent duplicated')).toBeVisible();
  await expect(builder.getByTestId('agent-select')).not.toHaveValue(agentId);
  await expect(builder.getByTestId('agent-select').locator('option')).toHaveCount(3);
  await builder.getByTestId('agent-more').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByTestId('agent-delete-dialog').getByTestId('confirm-button').click();
  await expect(page.getByText('Agent deleted')).toBeVisible();
  await expect(builder.getByTestId('agent-select')).toHaveValue('');
  await expect(builder.getByTestId('agent-select').locator('option')).toHaveCount(2);
  await expect(builder.getByTestId('agent-name')).toHaveValue('');
});

test('chat with an agent: its starters on the landing, agent_id in the address, the model menu names it', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!, 'agentchat');
  await openBuilder(page);
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-name').fill('Echo friend');
  await builder.getByTestId('agent-description').fill('Repeats what you say');
  await builder.getByTestId('agent-model').selectOption('echo');
  for (const [i, text] of ['Say hello to the team', 'Two', 'Three', 'Four'].entries())
    await builder.getByTestId(`agent-starter-${i}`).fill(text);
  await builder.getByTestId('agent-save').click();
  await expect(builder.getByTestId('agent-select')).toHaveValue(/^agent_/);
  const agentId = await builder.getByTestId('agent-select').inputValue();

  await builder.getByTestId('agent-chat').click();
  await expect(page).toHaveURL(new RegExp(`/c/new\\?.*agent_id=${agentId}`));
  await expect(page.getByTestId('agent-landing-name')).toHaveText('Echo friend');
  const starters = page.getByTestId('conversation-starter');
  await expect(starters).toHaveCount(4);
  // 10 rem wide each.
  expect(Math.round((await starters.first().boundingBox())!.width)).toBe(160);
  await expect(page.getByTestId('model-menu')).toContainText('Echo friend');
  await page.screenshot({ path: testInfo.outputPath('agent-landing.png') });

  await starters.first().click();
  await expect(lastAnswer(page)).toContainText('Say hello to the team');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByTestId('model-menu')).toContainText('Echo friend');
  await expect(lastAnswer(page)).toContainText('Say hello to the team');

  // The model menu lists the agent; picking a model leaves the agent.
  await page.getByTestId('model-menu').click();
  await expect(page.getByTestId(`agent-option-${agentId}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/c/new?agent_id=${agentId}`);
  await expect(page.getByTestId('agent-landing-name')).toHaveText('Echo friend');

  // The `@` popup offers the agents under the Agents endpoint; choosing one starts its chat.
  await chooseModel(page, 'echo');
  await expect(page.getByTestId('agent-landing-name')).toHaveCount(0);
  await page.getByTestId('chat-input').fill('@');
  const popup = page.getByTestId('mention-popup');
  await popup.getByRole('option', { name: 'Agents' }).click();
  await expect(popup).toContainText('Select an agent');
  await expect(popup.getByTestId(`mention-agent-${agentId}`)).toHaveText('Echo friend');
  await page.screenshot({ path: testInfo.outputPath('mention-agents.png') });
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('agent-landing-name')).toHaveText('Echo friend');
  await expect(page.getByTestId('model-menu')).toContainText('Echo friend');
  await expect(page.getByTestId('chat-input')).toHaveValue('');
});

test('an agent chain: pick other agents in order, reorder and remove them; each chained turn is labelled in the answer', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'agentchain');
  await openBuilder(page);
  const builder = page.getByTestId('agent-builder');
  const select = builder.getByTestId('agent-select');
  const ids: Record<string, string> = {};
  // Each agent's part is recognisable: Reviewer's simulator model thinks first and says so.
  const models: Record<string, string> = { Reviewer: 'thinking', Summariser: 'echo', Lead: 'echo' };
  for (const name of ['Reviewer', 'Summariser', 'Lead']) {
    await select.selectOption('');
    await builder.getByTestId('agent-name').fill(name);
    await builder.getByTestId('agent-model').selectOption(models[name]!);
    await builder.getByTestId('agent-save').click();
    await expect(select).toHaveValue(/^agent_/);
    await expect(select.locator('option:checked')).toHaveText(name);
    ids[name] = await select.inputValue();
  }

  // Lead is being edited: it is not offered for its own chain.
  const chain = builder.getByTestId('agent-chain');
  const pick = chain.getByTestId('agent-chain-pick');
  await expect(pick.locator(`option[value="${ids.Lead}"]`)).toHaveCount(0);
  for (const name of ['Summariser', 'Reviewer']) {
    await pick.selectOption(ids[name]!);
    await chain.getByTestId('agent-chain-add').click();
  }
  const items = chain.getByTestId('agent-chain-item');
  await expect(items).toHaveText([/Summariser/, /Reviewer/]);
  // A chosen agent is no longer offered.
  await expect(pick.locator(`option[value="${ids.Summariser}"]`)).toHaveCount(0);
  await chain.getByRole('button', { name: 'Move Reviewer up' }).click();
  await expect(items).toHaveText([/Reviewer/, /Summariser/]);
  await expect(chain.getByRole('button', { name: 'Move Reviewer up' })).toBeDisabled();
  await chain.getByRole('button', { name: 'Remove Summariser from the chain' }).click();
  await expect(items).toHaveText([/Reviewer/]);
  await pick.selectOption(ids.Summariser!);
  await chain.getByTestId('agent-chain-add').click();
  await expect(items).toHaveText([/Reviewer/, /Summariser/]);
  await chain.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('agent-chain.png') });
  await builder.getByTestId('agent-save').click();
  await expect(page.getByText('Agent saved (version 2)')).toBeVisible();

  // The chain is saved: opening another agent and coming back shows it in order, from the server.
  await select.selectOption(ids.Reviewer!);
  await expect(items).toHaveCount(0);
  await select.selectOption(ids.Lead!);
  await expect(items).toHaveText([/Reviewer/, /Summariser/]);

  // In a chat, Lead answers, then Reviewer and Summariser, each turn labelled with its name.
  await builder.getByTestId('agent-chat').click();
  await page.getByTestId('chat-input').fill('Chain check');
  await page.getByTestId('chat-input').press('Enter');
  await waitIdle(page);
  const handoffs = lastAnswer(page).getByTestId('agent-update');
  await expect(handoffs).toHaveCount(2);
  await expect(handoffs.nth(0)).toHaveAttribute('data-agent-id', ids.Reviewer!);
  await expect(handoffs.nth(0)).toContainText('Reviewer');
  await expect(handoffs.nth(1)).toHaveAttribute('data-agent-id', ids.Summariser!);
  await expect(handoffs.nth(1)).toContainText('Summariser');
  await expect(handoffs.nth(0)).toContainText('Handed over to Reviewer');
  // Lead's echo, then Reviewer's thought-over answer, then Summariser's echo: in that order.
  const answerText = (await lastAnswer(page).innerText()).replace(/\s+/g, ' ');
  expect(answerText).toMatch(
    /Chain check.*Handed over to Reviewer.*After thinking it over, here is your message: Chain check.*Handed over to Summariser.*Chain check/,
  );
  await page.screenshot({ path: testInfo.outputPath('agent-chain-answer.png') });
  // On a phone (the side panel, and so the builder, is not offered there) the answer's headers
  // still show who spoke.
  await page.setViewportSize({ width: 390, height: 844 });
  // The sidebar open on the desktop stays open as an overlay: close it by its mask.
  await closePhoneSidebar(page);
  await lastAnswer(page).getByTestId('agent-update').nth(1).scrollIntoViewIfNeeded();
  await expect(handoffs.nth(1)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('agent-chain-answer-phone.png') });
});
