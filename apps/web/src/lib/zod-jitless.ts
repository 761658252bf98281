/*
 * zod's fast path probes `new Function`, which the Content-Security-Policy refuses (decision 018),
 * so zod runs jitless. zod keeps its settings on `globalThis.__zod_globalConfig` and reads them
 * there when it loads (zod/v4/core/core.js): setting them before zod loads keeps zod itself out
 * of the sign-in download (bench/web), where calling `z.config` would pull it in. Imported first
 * by main.tsx; zod-jitless.test.ts proves zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod holds, had it loaded first.
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
