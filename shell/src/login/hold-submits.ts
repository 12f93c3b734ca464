/** The prerendered login form of dist/login.html (shell/prerender.mjs), until login/boot.tsx replaces it. */
export const PRERENDERED = '[data-prerendered="login"]';
/** Set on it when a submit was held (login/takeover.ts makes the submit again in the live form). */
export const SUBMIT_HELD = 'data-submit-held';

/** main.js, before anything else loads: a submit of the prerendered form is held, not sent by the browser. */
export function holdPrerenderedSubmits(doc: Document = document): void {
  doc.addEventListener(
    'submit',
    (e) => {
      const prerendered = (e.target as Element | null)?.closest?.(PRERENDERED);
      if (!prerendered) return;
      e.preventDefault();
      prerendered.setAttribute(SUBMIT_HELD, '');
    },
    true,
  );
}
