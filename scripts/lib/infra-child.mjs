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

async function s3rver() {
  const { default: S3rver } = await import('s3rver');
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
