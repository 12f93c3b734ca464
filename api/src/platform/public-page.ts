/**
 * The few pages the api renders itself for people who are not signed in (the demo insurer's payment page,
 * the Oyster.app invitation): one small card, no script (the CSP allows none on them), Russian.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A whole page: `title` is escaped here, `body` is HTML the caller escaped. */
export function publicPage(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f3f5f8;margin:0;padding:24px;color:#1f2329}main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:22px;margin:0 0 16px}dl{margin:0 0 20px}dt{color:#667085;font-size:13px}dd{margin:0 0 10px;font-weight:600}button{width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff;cursor:pointer}ol{padding-left:20px}.ok{color:#1a7f37;font-weight:600}.muted{color:#667085;font-size:13px;margin-top:16px}.code{font:600 18px/1.4 ui-monospace,monospace;letter-spacing:1px}</style></head>
<body><main>${body}</main></body></html>`;
}
