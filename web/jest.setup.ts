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

// A fixture the contract refuses fails its test: the client (src/api/client.ts, parseAnswer) reports such an answer on
// console.error and throws, and a screen that then shows an error state can still pass a test that did not look.
// Fix the fixture with the contract's types (src/test/contract-fixtures.ts, `satisfies RouteData<typeof Routes.x>`);
// a test of the refusal itself silences console.error (jest.spyOn(console, 'error').mockImplementation(...)).
const CONTRACT_MISMATCH = 'does not match the contract';
const mismatches: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes(CONTRACT_MISMATCH)) mismatches.push(`${args[0]}: ${JSON.stringify(args[1])}`);
  consoleError(...args);
};
beforeEach(() => {
  mismatches.length = 0;
});
afterEach(() => {
  const found = mismatches.splice(0);
  if (found.length) throw new Error(`a fixture ${CONTRACT_MISMATCH}:\n${found.join('\n')}`);
});
