import type { LoginValues } from '@oyster/shared-kit/domain/login';
import { PRERENDERED, SUBMIT_HELD } from './hold-submits';

/**
 * The prerendered login form (shell/prerender.mjs, served as dist/login.html) until login/boot.tsx
 * hydrates it: the nodes stay, React takes them over. What the user did with them meanwhile is
 * carried into the live form's state — the typed values, the focused field and a submit, which
 * main.js held (login/hold-submits.ts) and the live form makes again.
 */
export interface PrerenderedState {
  values: LoginValues;
  /** id of the field that had the focus, when one of the form's had it. */
  focusedId: string | null;
  caret: number | null;
  submitHeld: boolean;
}

/** What the user did with the prerendered form (`container` itself or inside it), or null when there is none. */
export function readPrerendered(container: Element): PrerenderedState | null {
  const form = container.matches(PRERENDERED) ? container : container.querySelector<HTMLElement>(PRERENDERED);
  if (!form) return null;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = form.ownerDocument.activeElement as HTMLInputElement | null;
  const focused = active && form.contains(active) && active.id ? active : null;
  let caret: number | null = null;
  try {
    caret = focused?.selectionStart ?? null; // type=email has no selection: null
  } catch {
    caret = null;
  }
  return {
    values: { email: field('email')?.value ?? '', password: field('password')?.value ?? '', rememberMe: !!field('rememberMe')?.checked },
    focusedId: focused?.id ?? null,
    caret,
    submitHeld: form.hasAttribute(SUBMIT_HELD),
  };
}

/**
 * After the live form is in: the focus back where it was, the prerendered page's styles gone (antd's
 * live styles are in by then), and the wrapper no longer marked as prerendered, so main.js holds no
 * more submits of it.
 */
export function finishTakeOver(state: PrerenderedState, doc: Document = document): void {
  doc.querySelectorAll(PRERENDERED).forEach((el) => {
    if (el.tagName !== 'STYLE') {
      el.removeAttribute('data-prerendered');
      el.removeAttribute(SUBMIT_HELD);
    }
  });
  if (state.focusedId) {
    const input = doc.getElementById(state.focusedId) as HTMLInputElement | null;
    input?.focus();
    try {
      if (input && state.caret !== null) input.setSelectionRange(state.caret, state.caret);
    } catch {
      /* a field without a selection */
    }
  }
  doc.querySelectorAll('style[data-prerendered="login"]').forEach((s) => s.remove());
}
