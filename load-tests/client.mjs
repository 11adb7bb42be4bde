/**
 * The HTTP side shared by the Node runner (run.mjs) and the fault suites (scripts/faults): a scenario's request as
 * method, path, headers and body, and its set-up generator driven with fetch.
 */

/** a multipart body by hand (autocannon sends bytes as they are) */
export function multipartBody(parts) {
  const boundary = `----load${Math.random().toString(16).slice(2)}`;
  let body = '';
  for (const [name, part] of Object.entries(parts)) {
    if (part && typeof part === 'object') {
      body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n${part.data}\r\n`;
    } else body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** a scenario's request (or a set-up call) as method, path, headers and body */
export function toHttp(req, org, i = 0) {
  const headers = { 'x-org': org };
  if (req.token) headers.token = req.token;
  let body;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.multipart) {
    const m = multipartBody(req.multipart);
    headers['content-type'] = m.contentType;
    body = m.body;
  }
  if (req.path === '/api/login') headers['x-forwarded-for'] = `10.77.${(i >> 8) & 255}.${i & 255}`;
  return { method: req.method, path: req.path, headers, body };
}

/** drive a scenario's set-up generator with fetch */
export async function runSetup(scenario, base, org, demo) {
  const gen = scenario.setup(demo);
  let step = gen.next();
  while (!step.done) {
    const h = toHttp(step.value, org);
    const res = await fetch(base + h.path, { method: h.method, headers: h.headers, body: h.body });
    const text = await res.text();
    let body = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: the text itself */
    }
    step = gen.next({ status: res.status, body });
  }
  return step.value;
}
