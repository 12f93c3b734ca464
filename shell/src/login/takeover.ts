import type { LoginValues } from '@oyster/shared-kit/domain/login';
import { PRERENDERED, SUBMIT_HELD } from './hold-submits';

/**
 * The prerendered login form (shell/prerender.mjs, served as dist/login.html) until the live one of
 * login/boot.tsx takes its place: what the user did with it meanwhile is carried over — the typed
 * values, the focused field and a submit, which main.js held (login/hold-submits.ts) and the live
 * form makes again.
 */
export interface PrerenderedState {
  values: LoginValues;
  /** id of the field that had the focus, when one of the form's had it. */
  focusedId: string | null;
  caret: number | null;
  submitHeld: boolean;
}

/** What the user did with the prerendered form in `container`, or null when there is none. */
export function readPrerendered(container: Element): PrerenderedState | null {
  const form = container.querySelector<HTMLElement>(PRERENDERED);
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

/** After the live form is in: the focus back where it was, the prerendered page's styles gone. */
export function finishTakeOver(state: PrerenderedState, doc: Document = document): void {
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
