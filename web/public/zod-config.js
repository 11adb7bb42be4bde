// zod 4 compiles its object schemas with `new Function` when it may, and probes for that with `Function('')` as the
// first schema is defined, which the Content-Security-Policy (no 'unsafe-eval'; docs/security.md "HTTP edge")
// reports as a violation. zod reads its settings from this global when it loads, so this classic script, run before
// the app's module bundle, makes it parse without compiling.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
