import { z } from 'zod';

/**
 * zod 4 compiles object schemas with `new Function` when it may; its first parse tries `Function('')` to find out,
 * which the Content-Security-Policy (no 'unsafe-eval', docs/security.md "HTTP edge") reports as a violation. The app
 * tells zod up front to parse without compiling. Imported first by main.tsx, before any schema is used.
 */
z.config({ jitless: true });
