// When the web app (web/dist) must be rebuilt: shared by `npm start` and `npm test` (browser tier).
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(p) {
  let newest = 0;
  const walk = (f) => {
    let st;
    try {
      st = fs.statSync(f);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (path.basename(f) === 'node_modules') return;
      for (const e of fs.readdirSync(f)) walk(path.join(f, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  walk(p);
  return newest;
}

/** 'absent' (no web/index.html yet), 'stale' (no build, or a source is newer than it) or 'fresh'. */
export function webBuildState(root) {
  const webDir = path.join(root, 'web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return 'absent';
  const built = path.join(webDir, 'dist', 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'libs/contracts/src'];
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return !builtAt || sourcesAt > builtAt ? 'stale' : 'fresh';
}
