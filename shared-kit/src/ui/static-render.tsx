/**
 * Build time only: an element rendered to HTML together with the CSS antd's CSS-in-JS makes for it,
 * so a page can paint before its JavaScript runs (the shell's prerendered login, shell/prerender.mjs).
 * Never imported by code that runs in the browser.
 */
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';

export function renderStatic(element: React.ReactElement): { html: string; css: string } {
  const cache = createCache();
  const html = renderToString(<StyleProvider cache={cache}>{element}</StyleProvider>);
  // Plain CSS text (the page inlines it), without the rule that tells antd in the browser «these
  // styles are already on the page»: the live render injects its own, so the page's copy can go.
  const css = extractStyle(cache, { plain: true }).replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/g, '');
  return { html, css };
}
