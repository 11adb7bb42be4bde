import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { setupI18nForTests } from './src/test/i18n';

setupI18nForTests();

// Screens load lazily; the first import of a chunk is transformed on the fly and can be slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that PrimeReact touches.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;
