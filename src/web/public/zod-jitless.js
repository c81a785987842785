// Runs before the app's modules: zod compiles object parsers with `new Function` unless told not
// to, and the app's Content-Security-Policy forbids eval (HDR-02). zod reads this object as its
// global configuration; parsing is as exact without its compiled fast path.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
