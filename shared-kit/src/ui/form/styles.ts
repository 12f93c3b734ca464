/**
 * The few CSS rules the form kit needs beyond antd's tokens (the block's 0.25 s collapse, the
 * suggestion list, the stepper). Injected once on first use, so the kit needs no CSS loader in the
 * shell, the remotes or jest, and the login page never carries them.
 */
const CSS = `
.oy-block{background:#fff;border:1px solid #dfe4ea;border-radius:12px;margin:0 0 16px}
.oy-block__head{display:flex;align-items:center;gap:10px;width:100%;padding:14px 18px;background:none;border:0;border-radius:12px;cursor:pointer;font:inherit;text-align:left;color:#1d2733}
.oy-block__head:focus-visible{outline:2px solid #1f5fa8;outline-offset:-2px}
.oy-block__title{margin:0;font-size:16px;font-weight:600;line-height:1.4}
.oy-block__label{flex:1}
.oy-block__chevron{flex:none;transition:transform .25s ease;color:#5f6b7a}
.oy-block--open .oy-block__chevron{transform:rotate(180deg)}
.oy-block__body{display:grid;grid-template-rows:0fr;transition:grid-template-rows .25s ease,visibility .25s;visibility:hidden}
.oy-block--open .oy-block__body{grid-template-rows:1fr;visibility:visible}
.oy-block__inner{min-height:0;overflow:hidden}
.oy-block--open .oy-block__inner{overflow:visible}
.oy-block__content{padding:2px 18px 16px}
.oy-block__status{display:flex;align-items:flex-start;gap:8px;margin:0 18px 16px;padding:9px 12px;border-radius:8px;font-size:13px;line-height:20px}
.oy-block__status--valid{background:#edf7f1;color:#1f6b43}
.oy-block__status--invalid{background:#fbeceb;color:#a3281f}
.oy-suggest-item{display:flex;flex-direction:column;line-height:18px;white-space:normal}
.oy-suggest-item__hint{font-size:12px;color:#5f6b7a}
.oy-record-picker{max-width:560px}
.oy-record-picker__picked{margin:-4px 0 12px;color:#3f8600;font-size:13px}
.oy-multi-actions{display:flex;gap:8px;padding:8px 8px 4px;border-top:1px solid #eef1f4}
.oy-file-row{display:flex;align-items:center;gap:12px;padding:10px 0;border-bottom:1px solid #eef1f4}
.oy-file-row__name{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#1d2733}
.oy-file-row__size{flex:none;color:#5f6b7a;font-size:13px;font-variant-numeric:tabular-nums}
.oy-countdown{font-variant-numeric:tabular-nums;font-weight:600;letter-spacing:.5px}
`;

let injected = false;

export function ensureFormStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.setAttribute('data-oyster', 'form-kit');
  style.textContent = CSS;
  document.head.appendChild(style);
}
