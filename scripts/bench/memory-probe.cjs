/**
 * Loaded by the bench into a process whose memory it measures (P3: a presentation process and the bare ws server):
 *   node --expose-gc -r ./scripts/bench/memory-probe.cjs ...   spawned with an IPC channel
 * It answers two messages from the bench and does nothing else (no port, no timer, the channel does not keep the
 * process alive):
 *   {probe: 'memory'}             -> full collections until the heap stops shrinking, then process.memoryUsage()
 *   {probe: 'snapshot', file}     -> the same collections, then a heap snapshot written to `file`
 */
'use strict';
/* global setImmediate */
const v8 = require('node:v8');

async function collect() {
  if (typeof globalThis.gc !== 'function') throw new Error('memory-probe: start the process with --expose-gc');
  let last = Infinity;
  // a few rounds with a turn of the event loop between them: finalizers and weak callbacks run in between
  for (let i = 0; i < 6; i++) {
    globalThis.gc();
    await new Promise((r) => setImmediate(r));
    const used = process.memoryUsage().heapUsed;
    if (i >= 2 && used >= last * 0.999) break;
    last = used;
  }
  return process.memoryUsage();
}

/** the bench may be gone (stopped, timed out): a reply nobody reads is not an error of the measured process */
const reply = (m) => process.connected && process.send(m, undefined, undefined, () => undefined);

if (typeof process.send === 'function') {
  process.on('message', (m) => {
    if (!m || typeof m !== 'object' || typeof m.probe !== 'string') return;
    const id = m.id;
    collect()
      .then((memory) => {
        if (m.probe === 'snapshot') v8.writeHeapSnapshot(String(m.file));
        reply({ probe: m.probe, id, memory });
      })
      .catch((e) => reply({ probe: m.probe, id, error: e instanceof Error ? e.message : String(e) }));
  });
  // listening on 'message' holds the channel open; the measured process must still exit as it would without it
  if (process.channel) process.channel.unref();
}
