import { isHttpsUrl, isSafeImageUrl } from '../../src/platform/sanitize';

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
