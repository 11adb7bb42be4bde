/**
 * Runs one local, Node-based piece of infrastructure in its own process (started by scripts/infra.mjs):
 *
 *   node -r ./scripts/lib/exit-with-parent.cjs scripts/lib/infra-child.mjs pglite '<json options>'
 *   node -r ./scripts/lib/exit-with-parent.cjs scripts/lib/infra-child.mjs s3rver '<json options>'
 *
 * Its own process so that PGlite (WASM, single-threaded) never blocks the runner's event loop, and so
 * that SIGTERM closes the database cleanly. Readiness is checked by the parent with a TCP connect.
 */
import fs from 'node:fs';

const [kind, raw] = process.argv.slice(2);
const opts = JSON.parse(raw ?? '{}');
const log = (...a) => console.log(new Date().toISOString(), `[${kind}]`, ...a);

let shutdown = async () => {};
let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    log(`${sig}: shutting down`);
    const force = setTimeout(() => process.exit(1), 8000);
    force.unref();
    shutdown().then(
      () => process.exit(0),
      (err) => {
        log('shutdown failed', err);
        process.exit(1);
      },
    );
  });
}

async function pglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: opts.dataDir });
  const server = new PGLiteSocketServer({
    db,
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    maxConnections: opts.maxConnections ?? 100,
  });
  server.addEventListener('error', (e) => log('server error', e.detail?.message ?? e.detail));
  await server.start();
  log(`PGlite ${opts.dataDir} listening on ${server.getServerConn()} (maxConnections ${opts.maxConnections ?? 100})`);
  shutdown = async () => {
    await server.stop();
    await db.close();
    log('closed');
  };
}

/**
 * s3rver's file store removes a directory a delete left empty; a PUT into that directory between its mkdirp and
 * its write stream then fails with an 'error' event nobody listens to, which ended the whole server in a
 * fresh-clone run (api beside browser: ENOENT on '<org>/library/<id>.txt._S3rver_object', every later upload 503).
 * Writes share the store and a delete takes it alone, so a delete's clean-up never runs while a write is under way.
 */
async function serializeDeletes() {
  const { default: FilesystemStore } = await import('s3rver/lib/stores/filesystem.js');
  let writers = 0;
  let deleting = Promise.resolve();
  let idle = null;
  const shared = (fn) =>
    async function (...args) {
      await deleting;
      writers += 1;
      try {
        return await fn.apply(this, args);
      } finally {
        writers -= 1;
        if (writers === 0 && idle) idle();
      }
    };
  // (a multipart upload's parts live under the bucket's own uploads folder, which no delete removes; its last step is a putObject)
  for (const m of ['putObject', 'copyObject']) {
    if (typeof FilesystemStore.prototype[m] === 'function') FilesystemStore.prototype[m] = shared(FilesystemStore.prototype[m]);
  }
  const del = FilesystemStore.prototype.deleteObject;
  FilesystemStore.prototype.deleteObject = function (...args) {
    const run = deleting.then(async () => {
      while (writers > 0) await new Promise((resolve) => (idle = resolve));
      idle = null;
      return del.apply(this, args);
    });
    deleting = run.catch(() => undefined);
    return run;
  };
}

async function s3rver() {
  const { default: S3rver } = await import('s3rver');
  await serializeDeletes();
  fs.mkdirSync(opts.directory, { recursive: true });
  const cors = Buffer.from(
    '<CORSConfiguration><CORSRule>' +
      '<AllowedOrigin>*</AllowedOrigin>' +
      ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('') +
      '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader>' +
      '<MaxAgeSeconds>3000</MaxAgeSeconds>' +
      '</CORSRule></CORSConfiguration>',
  );
  const server = new S3rver({
    address: opts.host ?? '127.0.0.1',
    port: opts.port,
    directory: opts.directory,
    silent: !opts.verbose,
    configureBuckets: (opts.buckets ?? []).map((name) => ({ name, configs: [cors] })),
  });
  const addr = await server.run();
  log(`s3rver ${opts.directory} listening on ${addr.address}:${addr.port}, buckets: ${(opts.buckets ?? []).join(', ')}`);
  shutdown = async () => {
    await server.close();
    log('closed');
  };
}

const runners = { pglite, s3rver };
if (!runners[kind]) {
  console.error(`unknown kind ${kind}; expected one of ${Object.keys(runners).join(', ')}`);
  process.exit(2);
}
runners[kind]().catch((err) => {
  log('failed to start:', err?.stack ?? err);
  process.exit(1);
});
