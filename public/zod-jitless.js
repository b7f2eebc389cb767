// zod probes `new Function` the first time it builds an object schema, and our Content-Security-Policy
// (no 'unsafe-eval') reports that probe as a violation on every page. zod reads its settings from this
// global, so setting it before any module loads turns the probe (and the eval-compiled parsers) off.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
