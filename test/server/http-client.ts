/**
 * A tiny browser stand-in for integration tests: keeps cookies between requests, sends JSON, and
 * always sends the app's own Origin (as a browser does for same-site POSTs).
 */
export class TestClient {
  private cookies = new Map<string, string>();
  readonly headers: Record<string, string> = {};

  constructor(
    readonly baseUrl: string,
    readonly origin: string = baseUrl,
  ) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('Origin')) headers.set('Origin', this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  post(path: string, json?: unknown, init: RequestInit = {}) {
    return this.request(path, { ...init, method: 'POST', json: json ?? {} });
  }

  /** The Cookie header this client sends (benchmarks hand it to load generators). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }

  clearCookies() {
    this.cookies.clear();
  }
}
