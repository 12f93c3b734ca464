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
