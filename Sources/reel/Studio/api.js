// The studio's one way to the server: every call carries the token in the Authorization header
// (never in a URL), and every failure becomes an APIError whose message says what to do next.

/** A refused or failed call: the HTTP status (0 when the server did not answer), the API's code and its words. */
export class APIError extends Error {
  constructor(status, code, message, problems = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.problems = problems;
  }

  /** True when the server has no such route at all (an older server): the caller falls back. */
  get routeMissing() {
    return this.status === 404 && this.code === 'not_found' && /^no route /.test(this.message);
  }

  /** The error in plain words, with each problem of the request on a line of its own. */
  get plain() {
    const lines = [this.message];
    for (const p of this.problems) lines.push(`• ${p.field ? p.field + ': ' : ''}${p.message}${p.code ? ` (${p.code})` : ''}`);
    return lines.join('\n');
  }
}

/** What to tell a person for a status the API answers without a helpful message of its own. */
function advice(status, message) {
  if (status === 401) {
    return 'This page\'s key is not the studio\'s (a new one is made each time reel studio starts): open the address reel studio printed.';
  }
  if (status === 413) return `${message} — the file is too large for the studio.`;
  if (status === 503) return `${message} — try again in a moment.`;
  if (status === 507) return `${message} — free some disk space, then try again.`;
  return message;
}

export class API {
  constructor(token) {
    this.token = token;
  }

  headers(extra = {}) {
    return { Authorization: `Bearer ${this.token}`, ...extra };
  }

  /** fetch with the token; an APIError for a network failure or a status of 400 and up. */
  async fetch(path, init = {}) {
    let response;
    try {
      response = await fetch(path, { ...init, headers: this.headers(init.headers), cache: 'no-store' });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new APIError(0, 'offline', 'The studio is not answering: is reel studio still running? Start it again and open the address it prints.');
    }
    if (response.ok) return response;
    let code = 'error';
    let message = `The server answered ${response.status}.`;
    let problems = [];
    try {
      const body = await response.json();
      if (body && body.error) {
        code = body.error.code || code;
        message = body.error.message || message;
        problems = body.error.problems || [];
      }
    } catch (_) { /* not JSON: keep the status */ }
    throw new APIError(response.status, code, advice(response.status, message), problems);
  }

  /** A JSON call: `body`, when given, is sent as application/json. */
  async json(method, path, body) {
    const init = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const response = await this.fetch(path, init);
    return response.json();
  }

  get(path) { return this.json('GET', path); }
  post(path, body) { return this.json('POST', path, body ?? {}); }
  delete(path) { return this.json('DELETE', path); }

  /** The body of `path` as a Blob; `onProgress(received, total)` is told as it arrives. */
  async blob(path, { onProgress, signal } = {}) {
    const response = await this.fetch(path, { signal });
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!onProgress || !response.body) return response.blob();
    const reader = response.body.getReader();
    const parts = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onProgress(received, total);
    }
    return new Blob(parts, { type: response.headers.get('Content-Type') || 'application/octet-stream' });
  }

  /** Uploads a File to POST /v1/media (XMLHttpRequest, for its upload progress); the upload's JSON. */
  upload(file, onProgress) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/v1/media?name=${encodeURIComponent(file.name)}`);
      xhr.setRequestHeader('Authorization', `Bearer ${this.token}`);
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.upload.onprogress = (e) => { if (onProgress && e.lengthComputable) onProgress(e.loaded, e.total); };
      xhr.onerror = () => reject(new APIError(0, 'offline', 'The upload was cut off: is reel studio still running?'));
      xhr.onload = () => {
        let body = {};
        try { body = JSON.parse(xhr.responseText); } catch (_) { /* keep empty */ }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
        const error = body.error || {};
        reject(new APIError(xhr.status, error.code || 'error',
          advice(xhr.status, `${file.name}: ${error.message || `the server answered ${xhr.status}`}`), error.problems || []));
      };
      xhr.send(file);
    });
  }
}
