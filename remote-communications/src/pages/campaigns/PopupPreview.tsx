import * as React from 'react';

const KEEP = new Set(['P', 'B', 'STRONG', 'I', 'EM', 'A', 'UL', 'OL', 'LI', 'BR', 'H2', 'H3', 'BLOCKQUOTE']);

/**
 * The typed HTML as React elements, the allow-list the server saves with (platform/sanitize.ts): parsed
 * in an inert document (nothing runs), unknown tags unwrapped, every attribute dropped but an http(s) href.
 */
function toReact(node: Node, key: string): React.ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') return null;
  const children = [...el.childNodes].map((c, i) => toReact(c, `${key}.${i}`));
  if (!KEEP.has(el.tagName)) return <React.Fragment key={key}>{children}</React.Fragment>;
  const tag = el.tagName.toLowerCase();
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    return /^https?:\/\//i.test(href) ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <React.Fragment key={key}>{children}</React.Fragment>
    );
  }
  return React.createElement(tag, { key }, children);
}

export function SafeHtml({ html }: { html: string }) {
  const body = React.useMemo(() => new DOMParser().parseFromString(html, 'text/html').body, [html]);
  return <div className="oy-campaign__html">{[...body.childNodes].map((c, i) => toReact(c, String(i)))}</div>;
}

/** How the popup will look (the shell's popup shows the same parts). */
export function PopupPreview({ title, html, actions, green, dark, imageUrl }: { title: string; html: string; actions: { text: string }[]; green: boolean; dark: boolean; imageUrl: string | null }) {
  return (
    <div className={`oy-campaign__preview${dark ? ' oy-campaign__preview--dark' : ''}`} data-testid="popup-preview">
      {imageUrl ? <img src={imageUrl} alt="" /> : null}
      <strong>{title}</strong>
      <SafeHtml html={html} />
      {actions.length ? (
        <div className="oy-campaign__preview-buttons">
          {actions.map((a, i) => (
            <span key={i} className={`oy-campaign__preview-button${green ? ' oy-campaign__preview-button--green' : ''}`}>
              {a.text}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
