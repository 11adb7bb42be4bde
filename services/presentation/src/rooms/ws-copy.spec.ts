import fs from 'node:fs';
import path from 'node:path';

/** the folder of an installed package (its package.json is not exported, so found from its entry point) */
function packageRoot(name: string, from?: string): string {
  let dir = path.dirname(require.resolve(name, from ? { paths: [from] } : undefined));
  while (!fs.existsSync(path.join(dir, 'package.json')) || (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package folder for ${name}`);
    dir = up;
  }
  return dir;
}
const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };

/**
 * The broadcast path (wire.ts) writes frames with `ws`'s own sender and reads a socket's fields that are not its
 * public API, so the copy the tests load must be the copy that runs: the one Nest's `ws` adapter creates the
 * server with. `ws` is a direct dependency pinned to the version @nestjs/platform-ws pins, so npm installs one copy.
 */
describe('one copy of ws', () => {
  it('the tests and @nestjs/platform-ws resolve the same ws, at the pinned version', () => {
    const nest = packageRoot('@nestjs/platform-ws');
    const ours = packageRoot('ws');
    expect(packageRoot('ws', nest)).toBe(ours);
    const pinned = manifest(path.resolve(__dirname, '../../../..')).dependencies.ws;
    expect(pinned).toBe(manifest(nest).dependencies.ws);
    expect(manifest(ours).version).toBe(pinned);
  });
});
