import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountIdFor,
  type LocalOidcProvider,
  LocalProviderBrowser,
  signInOnLocalProvider,
  startOidcProvider,
} from "./index.js";

const CLIENT = {
  clientId: "fundament-google",
  clientSecret: "local-secret-google",
  redirectUris: ["http://127.0.0.1:5174/social-callback.html"],
};
const REDIRECT_URI = "http://127.0.0.1:5174/social-callback.html";

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  code_challenge_methods_supported: string[];
  scopes_supported: string[];
  claims_supported: string[];
};

/** The cookies one browser keeps for the provider's origin during the test. */
function cookieJar() {
  const values = new Map<string, string>();
  return {
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";", 1);
        const at = pair.indexOf("=");
        const value = pair.slice(at + 1);
        if (value === "") values.delete(pair.slice(0, at));
        else values.set(pair.slice(0, at), value);
      }
    },
    header: () => [...values].map(([name, value]) => `${name}=${value}`).join("; "),
  };
}

function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

describe("local OpenID Connect provider", () => {
  let provider: LocalOidcProvider;
  let discovery: Discovery;

  beforeAll(async () => {
    provider = await startOidcProvider({ port: 0, clients: [CLIENT] });
    const response = await fetch(new URL("/.well-known/openid-configuration", provider.issuer));
    expect(response.status).toBe(200);
    discovery = (await response.json()) as Discovery;
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** The client's token request for an authorization code (client_secret_basic, PKCE). */
  function exchangeCode(code: string, verifier: string): Promise<Response> {
    return fetch(discovery.token_endpoint, {
      method: "POST",
      headers: {
        authorization: basicAuth(CLIENT.clientId, CLIENT.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
  }

  function authorizationUrl(fields: Record<string, string>): URL {
    const url = new URL(discovery.authorization_endpoint);
    for (const [key, value] of Object.entries({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email profile",
      ...fields,
    }))
      url.searchParams.set(key, value);
    return url;
  }

  it("publishes discovery for the code flow with S256 PKCE and the three scopes", () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery.issuer).toBe(provider.issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["sub", "email", "email_verified", "name"]));
  });

  it("runs an authorization code + PKCE round trip through its sign-in page, and the id_token checks out", async () => {
    const jar = cookieJar();
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(16).toString("base64url");
    const nonce = randomBytes(16).toString("base64url");

    // 1. The authorization request sends the browser to the sign-in page.
    const authorization = await fetch(
      authorizationUrl({ state, nonce, code_challenge: challenge, code_challenge_method: "S256" }),
      { redirect: "manual" },
    );
    jar.store(authorization);
    expect(authorization.status).toBe(303);
    const pageUrl = new URL(authorization.headers.get("location") ?? "", provider.issuer);
    expect(pageUrl.pathname).toMatch(/^\/interaction\/[\w-]+$/);

    // 2. The page: labelled email and name inputs and a "Sign in" button.
    const page = await fetch(pageUrl, { headers: { cookie: jar.header() } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toMatch(/<input id="name" name="name" type="text"/);
    expect(html).toMatch(/<button type="submit" name="action" value="sign-in">Sign in<\/button>/);
    expect(html).toContain("fundament-google");
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(pageUrl.pathname);

    // 3. Posting the form signs in and resumes the authorization, which redirects to the client with a code.
    const submitted = await fetch(new URL(action ?? "", provider.issuer), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: " Ada@Example.com ", name: "Ada Lovelace", action: "sign-in" }),
    });
    jar.store(submitted);
    expect(submitted.status).toBe(303);
    const resume = new URL(submitted.headers.get("location") ?? "", provider.issuer);
    expect(resume.origin).toBe(provider.issuer);
    const resumed = await fetch(resume, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(resumed);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get("location") ?? "");
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(provider.issuer);
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    // 4. The code is exchanged with the verifier and the client's secret.
    const tokenResponse = await exchangeCode(code ?? "", verifier);
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { id_token: string; access_token: string; token_type: string };
    expect(tokens.token_type).toBe("Bearer");

    // 5. The id_token is signed by a key of the provider's JWKS, for this client, with the person's claims.
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(discovery.jwks_uri)),
      { issuer: provider.issuer, audience: CLIENT.clientId },
    );
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: accountIdFor("ada@example.com"),
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      nonce,
    });

    // 6. The userinfo endpoint agrees.
    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      sub: payload.sub,
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
    });

    // 7. A code is single use.
    const replay = await exchangeCode(code ?? "", verifier);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("refuses an authorization request without PKCE", async () => {
    const response = await fetch(authorizationUrl({ state: "s" }), { redirect: "manual" });
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("refuses a code exchanged with the wrong verifier", async () => {
    const { challenge } = pkcePair();
    const callback = new URL(
      await signInOnLocalProvider(
        authorizationUrl({ state: "s", code_challenge: challenge, code_challenge_method: "S256" }),
        { email: "grace@example.com" },
      ),
    );
    const response = await exchangeCode(callback.searchParams.get("code") ?? "", pkcePair().verifier);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("refuses a redirect URI the client does not have, and an unknown client, without redirecting", async () => {
    const { challenge } = pkcePair();
    const cases: Record<string, string>[] = [
      { redirect_uri: "http://127.0.0.1:9999/elsewhere" },
      { client_id: "someone-else" },
    ];
    for (const fields of cases) {
      const response = await fetch(
        authorizationUrl({ state: "s", code_challenge: challenge, code_challenge_method: "S256", ...fields }),
        { redirect: "manual" },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("Sign-in failed");
    }
  });

  it("asks again for a wrong email, and Cancel sends the client access_denied", async () => {
    const jar = cookieJar();
    const { challenge } = pkcePair();
    const authorization = await fetch(
      authorizationUrl({ state: "s", code_challenge: challenge, code_challenge_method: "S256" }),
      { redirect: "manual" },
    );
    jar.store(authorization);
    const pageUrl = new URL(authorization.headers.get("location") ?? "", provider.issuer);
    const post = (body: Record<string, string>) =>
      fetch(pageUrl, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });

    const wrong = await post({ email: "not an email", name: "<b>x</b>", action: "sign-in" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('role="alert">Enter an email address, like name@example.com.</p>');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x</b>");

    const cancelled = await post({ email: "", action: "cancel" });
    jar.store(cancelled);
    expect(cancelled.status).toBe(303);
    const resumed = await fetch(new URL(cancelled.headers.get("location") ?? "", provider.issuer), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    const back = new URL(resumed.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
  });

  it("shows a plain page for a sign-in page opened without its cookie (another browser, an old link)", async () => {
    const response = await fetch(new URL("/interaction/abcdefghijklmnop", provider.issuer));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in request has expired or was already used.");
  });

  it("asks for the account on every sign-in, so one browser can sign in as two people", async () => {
    const browser = new LocalProviderBrowser();
    const subjectOf = async (email: string) => {
      const { verifier, challenge } = pkcePair();
      const callback = new URL(
        await browser.signIn(
          authorizationUrl({ state: "s", code_challenge: challenge, code_challenge_method: "S256" }),
          { email },
        ),
      );
      const response = await exchangeCode(callback.searchParams.get("code") ?? "", verifier);
      expect(response.status).toBe(200);
      const { id_token } = (await response.json()) as { id_token: string };
      const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
        issuer: provider.issuer,
        audience: CLIENT.clientId,
      });
      return payload.sub;
    };
    expect(await subjectOf("first@example.com")).toBe(accountIdFor("first@example.com"));
    // The provider remembers "first" in its session cookie; the page is shown anyway and the account switches.
    expect(await subjectOf("second@example.com")).toBe(accountIdFor("second@example.com"));
    expect(await subjectOf("first@example.com")).toBe(accountIdFor("first@example.com"));
  });

  it("gives an email the same account id in every run", () => {
    expect(accountIdFor("Ada@Example.com")).toBe(accountIdFor("ada@example.com"));
    expect(accountIdFor("ada@example.com")).not.toBe(accountIdFor("grace@example.com"));
    expect(accountIdFor("ada@example.com")).toMatch(/^[0-9a-f]{40}$/);
  });
});
