import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from "./index.js";
import { linkify } from "./page.js";

let catcher: SmtpCatcher;

beforeAll(async () => {
  catcher = await startSmtpCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(() => catcher?.close());

const transport = () => nodemailer.createTransport(catcher.smtpUrl);

async function inbox(query = ""): Promise<CaughtMail[]> {
  const response = await fetch(new URL(`api/messages${query}`, catcher.inboxUrl));
  expect(response.status).toBe(200);
  return (await response.json()) as CaughtMail[];
}

describe("the SMTP catcher", () => {
  it("listens on free ports and names them", () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(catcher.inboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it("catches a mail sent through nodemailer and answers it as JSON, newest first, filtered by recipient", async () => {
    await fetch(new URL("api/messages", catcher.inboxUrl), { method: "DELETE" });
    await transport().sendMail({
      from: "Fundament <no-reply@fundament.local>",
      to: "Alice@Example.test",
      subject: "Your Fundament code: 123456",
      text: "Your code is 123456.\nOpen http://127.0.0.1:8787/v1/embedded/device/approve?token=abc&x=1 to approve.",
      html: "<p>Your code is <strong>123456</strong>.</p>",
    });
    await transport().sendMail({
      from: "no-reply@fundament.local",
      to: "bob@example.test",
      bcc: "carol@example.test",
      subject: "Second",
      text: "Hello Bob",
    });

    const all = await inbox();
    expect(all.map((mail) => mail.subject)).toEqual(["Second", "Your Fundament code: 123456"]);
    const [alice] = await inbox("?to=ALICE@example.test");
    expect(alice).toMatchObject({
      from: "Fundament <no-reply@fundament.local>",
      to: ["alice@example.test"],
      subject: "Your Fundament code: 123456",
      html: "<p>Your code is <strong>123456</strong>.</p>",
    });
    expect(alice?.text).toContain("Your code is 123456.");
    expect(Number.isNaN(Date.parse(alice?.date ?? ""))).toBe(false);
    expect((await inbox("?to=carol@example.test")).map((mail) => mail.subject)).toEqual(["Second"]);
    expect(await inbox("?to=nobody@example.test")).toEqual([]);
    expect(catcher.messages()).toHaveLength(2);
  });

  it("waits for a mail still to come, and gives up after its timeout", async () => {
    const waiting = catcher.waitFor((mail) => mail.to.includes("dave@example.test"));
    await transport().sendMail({ from: "a@b.test", to: "dave@example.test", subject: "Later", text: "Hi" });
    expect((await waiting).subject).toBe("Later");
    await expect(catcher.waitFor((mail) => mail.subject === "never", 50)).rejects.toThrow(
      "No matching mail arrived within 50 ms",
    );
  });

  it("accepts a client that logs in (an SMTP_URL with credentials)", async () => {
    const url = catcher.smtpUrl.replace("smtp://", "smtp://user:pass@");
    await nodemailer
      .createTransport(url)
      .sendMail({ from: "a@b.test", to: "erin@example.test", subject: "Authed", text: "Hi" });
    expect((await catcher.waitFor((mail) => mail.subject === "Authed")).to).toEqual(["erin@example.test"]);
  });

  it("shows an inbox page with each mail readable, links clickable and a strict CSP", async () => {
    const response = await fetch(catcher.inboxUrl);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain("<h1>Local inbox</h1>");
    expect(html).toContain("Your Fundament code: 123456");
    expect(html).toContain(
      '<a href="http://127.0.0.1:8787/v1/embedded/device/approve?token=abc&amp;x=1" target="_blank" rel="noreferrer noopener">',
    );
    expect(html.indexOf("Authed")).toBeLessThan(html.indexOf("Your Fundament code")); // newest first
    const script = await fetch(new URL("inbox.js", catcher.inboxUrl));
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("empties the inbox on DELETE /api/messages", async () => {
    const response = await fetch(new URL("api/messages", catcher.inboxUrl), { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await inbox()).toEqual([]);
    expect(await (await fetch(catcher.inboxUrl)).text()).toContain("No mail yet.");
  });

  it("escapes mail text on the page (a mail cannot inject markup)", () => {
    expect(linkify('<script>alert(1)</script> https://x.test/"><b>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; <a href="https://x.test/" target="_blank" rel="noreferrer noopener">https://x.test/</a>&quot;&gt;&lt;b&gt;',
    );
  });

  it("answers 404 and 405 for anything else", async () => {
    expect((await fetch(new URL("nope", catcher.inboxUrl))).status).toBe(404);
    expect((await fetch(new URL("api/messages", catcher.inboxUrl), { method: "PUT" })).status).toBe(405);
  });
});
