// @zone-independent: the HTML and address rules. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { isHttpsUrl, isSafeImageUrl, sanitizeHtml } from '../../src/platform/sanitize';

/** The address rules of platform/sanitize.ts: a picture is a plain /media/ path or what isHttpsUrl accepts. */
describe('address rules', () => {
  const https = ['https://cdn.example/a.png', 'HTTPS://cdn.example/a.png', '  https://cdn.example/a.png  ', 'https://cdn.example'];
  const notHttps = ['http://cdn.example/a.png', 'https://', '//cdn.example/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://cdn.example/a.png', ''];

  test('isHttpsUrl: an absolute https address with a host, nothing else', () => {
    for (const v of https) expect([v, isHttpsUrl(v)]).toEqual([v, true]);
    for (const v of notHttps) expect([v, isHttpsUrl(v)]).toEqual([v, false]);
  });

  test('isSafeImageUrl: a plain /media/ path, or exactly the https addresses isHttpsUrl accepts', () => {
    for (const v of ['/media/news/a.png', ' /media/banners/x-1_2.webp ', '/media/a.b.jpg']) expect([v, isSafeImageUrl(v)]).toEqual([v, true]);
    for (const v of ['/media/../secret.png', '/media/news//a.png', '/media/a b.png', '/media/a.png?x=1', '/medi/a.png', 'media/a.png']) {
      expect([v, isSafeImageUrl(v)]).toEqual([v, false]);
    }
    for (const v of [...https, ...notHttps]) expect([v, isSafeImageUrl(v)]).toEqual([v, isHttpsUrl(v)]);
  });
});

/** Rich text's links: absolute safe ones as they are, the app's own paths under /app, anything else only its text. */
describe('sanitizeHtml links', () => {
  const link = (href: string) => sanitizeHtml(`<p><a href="${href}">ссылка</a></p>`);
  test('a path of the app opens the app’s page (the text is always shown inside /app), in a new tab', () => {
    expect(link('/news')).toBe('<p><a href="/app/news" target="_blank" rel="noopener">ссылка</a></p>');
    expect(link('/request-broker/abc?step=calc')).toBe('<p><a href="/app/request-broker/abc?step=calc" target="_blank" rel="noopener">ссылка</a></p>');
    expect(link('/app/webinar')).toBe('<p><a href="/app/webinar" target="_blank" rel="noopener">ссылка</a></p>');
    expect(link('https://oyster.example/kasko')).toBe('<p><a href="https://oyster.example/kasko" target="_blank" rel="noopener">ссылка</a></p>');
  });
  test('other targets leave only the text', () => {
    for (const href of ['//evil.example/x', '/../etc', 'javascript:alert(1)', 'news', '/media/a.pdf', 'data:text/html,x']) {
      expect([href, link(href)]).toEqual([href, '<p>ссылка</p>']);
    }
  });
});
