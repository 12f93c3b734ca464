/**
 * jsdom polyfills and test defaults for every front-end jest project (jest.config.cjs:
 * setupFilesAfterEnv). jsdom lacks what antd, rc-component and react-router use in a browser.
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';

// antd forms in jsdom are slow, more so on a busy machine: wait longer before calling a test failed.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// react-router needs these.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd's responsive parts ask for media queries.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no scrolling.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom computes no pseudo-element styles (antd's modals ask for the scrollbar's): answer the element's own.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((elt: Element) => computedStyle(elt)) as typeof window.getComputedStyle;

// jsdom has no ResizeObserver (antd's text areas, selects, tabs and overflow lists observe their size).
if (typeof globalThis.ResizeObserver === 'undefined') {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
}

// jsdom has no MessageChannel; antd's Form (rc-form) and rc-component's select post through one.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    start() {}
    close() {}
  }
  class Channel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: Channel });
}

// antd writes its whole stylesheet into <style> elements, and jsdom's getComputedStyle matches every rule
// of every sheet against the element (and each ancestor) — most of the time of a form's test went into the
// role queries' visibility checks (a CPU profile of EosagoQuotePage.test: 35 of 54 s in
// dom-accessibility-api, mostly nwsapi matching antd's selectors). Tests read the styles only for what is
// visible and what takes a click — display, visibility, opacity and pointer-events (testing-library's
// hidden check, jest-dom's toBeVisible) — so each sheet keeps just the rules that set one of those, whole,
// so the cascade between them is the browser's. A test that reads another property of antd's styles (a colour)
// gets nothing: add the property to STYLE_TESTS_READ.
const STYLE_TESTS_READ = /(^|[;{\s])(display|visibility|opacity|pointer-events)\s*:/i;
type Rules = { cssRules: CSSRuleList; deleteRule?(i: number): void };
// jsdom's @layer block has no deleteRule; its rules are a plain array.
const removeRule = (list: Rules, i: number) => (list.deleteRule ? list.deleteRule(i) : (list.cssRules as unknown as CSSRule[]).splice(i, 1));
function pruneRules(list: Rules) {
  for (let i = list.cssRules.length - 1; i >= 0; i--) {
    const rule = list.cssRules[i] as CSSRule & Partial<Rules> & { style?: CSSStyleDeclaration };
    if (rule.cssRules) {
      // @media, @supports, @layer: keep the group if something inside it stays.
      pruneRules(rule as unknown as Rules);
      if (rule.cssRules.length === 0) removeRule(list, i);
    } else if (!rule.style || !STYLE_TESTS_READ.test(rule.style.cssText)) removeRule(list, i);
  }
}
function pruneStyle(node: unknown) {
  if (node instanceof HTMLStyleElement && node.sheet) pruneRules(node.sheet as unknown as Rules);
}
const appendChild = Node.prototype.appendChild;
Node.prototype.appendChild = function <T extends Node>(this: Node, child: T): T {
  const out = appendChild.call(this, child) as T;
  pruneStyle(child);
  return out;
};
const insertBefore = Node.prototype.insertBefore;
Node.prototype.insertBefore = function <T extends Node>(this: Node, child: T, ref: Node | null): T {
  const out = insertBefore.call(this, child, ref) as T;
  pruneStyle(child);
  return out;
};
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get: innerHtml.get,
  set(this: HTMLStyleElement, css: string) {
    innerHtml.set!.call(this, css);
    pruneStyle(this);
  },
});
