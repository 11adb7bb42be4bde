// jsdom lacks TextEncoder/TextDecoder, which react-router uses.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom lacks structuredClone, which IndexedDB (fake-indexeddb in the offline tests) uses to store values.
if (typeof globalThis.structuredClone === 'undefined') {
  const v8 = require('node:v8');
  globalThis.structuredClone = (value) => v8.deserialize(v8.serialize(value));
}
