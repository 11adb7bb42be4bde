'use strict';
/**
 * Preloaded (`node -r ./scripts/lib/exit-with-parent.cjs ...`) into every process that `npm start` /
 * `npm test` spawn with an IPC channel: when the parent goes away (Ctrl-C, crash, `kill -9`, CI
 * timeout) the channel closes and the child terminates itself with SIGTERM, so its own shutdown
 * hooks run and nothing is left listening on the machine's ports.
 */
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => {
    setTimeout(() => process.exit(1), 10_000).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
