import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

/** The home widgets come from remote-learning (Module Federation), not from the shell's bundle. */
function watchLearningRemote(page: Page): string[] {
  const loaded: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/remotes/learning/') && r.status() === 200) loaded.push(new URL(r.url()).pathname);
  });
  return loaded;
}

test('an agent sees 3 news and 3 knowledge items on home, opens a news item and filters knowledge by a tag', async ({ page }) => {
  const loaded = watchLearningRemote(page);
  await signIn(page, EMAIL.agent);

  const news = page.getByTestId('news-widget');
  const knowledge = page.getByTestId('knowledge-widget');
  const newsItems = news.getByRole('list', { name: 'Последние новости' }).locator(':scope > li');
  const knowledgeItems = knowledge.getByRole('list', { name: 'Статьи базы знаний' }).locator(':scope > li');
  await expect(newsItems).toHaveCount(3);
  await expect(knowledgeItems).toHaveCount(3);
  expect(loaded).toContain('/remotes/learning/remoteEntry.js');
  // dates in Russian format
  await expect(newsItems.first().locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);

  // open the newest news item from home
  const first = newsItems.first().getByRole('link').last();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/app\/news\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.oy-learn-rich')).not.toBeEmpty();

  // back home, then a tag of a knowledge item
  await page.getByTestId('sidebar').getByRole('link', { name: 'Главная' }).click();
  const tag = knowledge.getByRole('link', { name: /^#/ }).first();
  const tagText = (await tag.textContent())!.trim().replace(/^#/, '');
  await tag.click();
  await expect(page).toHaveURL(new RegExp(`/app/knowledge\\?byTag=${encodeURIComponent(tagText)}$`));
  await expect(page.getByTestId('active-tag')).toContainText(`#${tagText}`);
  const articles = page.locator('article.oy-learn-post');
  await expect(articles.first()).toBeVisible();
  for (const a of await articles.all()) await expect(a.getByRole('link', { name: `#${tagText}` })).toBeVisible();

  // clearing the tag shows the whole knowledge base again
  await page.getByRole('link', { name: `Сбросить тег ${tagText}` }).click();
  await expect(page).toHaveURL(/\/app\/knowledge$/);
  await expect(page.getByTestId('active-tag')).toHaveCount(0);
});

test('a missing news item shows «Новость не найдена»', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/news/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { level: 1, name: 'Новость не найдена' })).toBeVisible();
});

test('a copywriter publishes a news item and the agent sees it', async ({ browser }) => {
  const title = `Новая программа лояльности ${Date.now().toString(36)}`;
  // two people, two browsers: nothing is shared but the server
  const options = { baseURL: test.info().project.use.baseURL, locale: 'ru-RU', viewport: { width: 1280, height: 900 } };
  const copywriter = await (await browser.newContext(options)).newPage();
  const agent = await (await browser.newContext(options)).newPage();
  await signIn(copywriter, EMAIL.copywriter);
  await signIn(agent, EMAIL.agent);

  // the copywriter writes a draft
  await copywriter.goto('/app/news/new');
  await copywriter.getByLabel('Заголовок', { exact: true }).fill(title);
  await copywriter.getByLabel('Краткое описание', { exact: true }).fill('Баллы за каждый оформленный полис');
  await copywriter.getByLabel('Текст', { exact: true }).fill('<p>С 1 декабря агенты получают <strong>баллы</strong> за каждый полис.</p>');
  await copywriter.getByRole('button', { name: 'Сохранить' }).click();
  await expect(copywriter).toHaveURL(/\/app\/news\/[0-9a-f]{24}$/);
  await expect(copywriter.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(copywriter.getByText('Черновик', { exact: true })).toBeVisible();

  // a draft is not for readers
  await agent.goto('/app/news');
  await expect(agent.locator('article.oy-learn-post').first()).toBeVisible();
  await expect(agent.getByRole('link', { name: title })).toHaveCount(0);

  // published, it is the agent's newest news, on the news page and on home
  await copywriter.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(copywriter.getByRole('button', { name: 'Снять с публикации' })).toBeVisible();
  await agent.reload();
  await expect(agent.getByRole('link', { name: title })).toBeVisible();
  await agent.goto('/app/');
  await expect(agent.getByTestId('news-widget').getByRole('link', { name: title })).toBeVisible();
  await agent.getByTestId('news-widget').getByRole('link', { name: title }).click();
  await expect(agent.locator('.oy-learn-rich strong')).toHaveText('баллы');

  // and the agent cannot edit it
  await expect(agent.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);

  await copywriter.context().close();
  await agent.context().close();
});
