/**
 * The API as a set-up speaks to it: a request and a demo account's token. The test app
 * (tests/support/app.ts) answers in-process; `httpApi` answers over real HTTP from a listening server,
 * for end-to-end tests that set up their plan through the API the browser talks to.
 */

export type ApiResponse = { statusCode: number; body: string; json: () => any };

export type RequestOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

export type Api = {
  request: (options: RequestOptions) => Promise<ApiResponse>;
  /** Signs in as a demo account (password demo1234) and returns the raw token. */
  login: (email: string) => Promise<string>;
};

/** Signs in through POST /api/auth/login, once per account: later calls reuse the token. */
export function demoLogin(request: Api['request']): Api['login'] {
  const tokens = new Map<string, string>();
  return async (email) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const response = await request({ method: 'POST', url: '/api/auth/login', body: { email, password: 'demo1234' } });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    const token = (response.json() as { token: string }).token;
    tokens.set(email, token);
    return token;
  };
}

export function httpApi(baseUrl: string): Api {
  const request: Api['request'] = async ({ method, url, token, body, headers }) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { statusCode: response.status, body: text, json: () => JSON.parse(text) };
  };
  return { request, login: demoLogin(request) };
}
