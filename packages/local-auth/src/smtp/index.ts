// The local SMTP catcher: a real SMTP server (smtp-server) that keeps every mail it receives in memory instead of
// delivering it, parsed with mailparser, and a small web inbox to read them: `GET /` (an HTML page, newest first,
// links clickable, refreshed when a mail arrives), `GET /api/messages?to=addr` (JSON, newest first) and
// `DELETE /api/messages`. A named stand-in for a mail provider: `npm start` and the API's tests send the embedded
// wallet's login codes and device-approval links to it with nodemailer, exactly as they would to any SMTP server.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Server as NetServer } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { type CaughtMail, INBOX_CSP, INBOX_SCRIPT, inboxPage } from "./page.js";

export type { CaughtMail };

export type SmtpCatcherOptions = {
  /** 127.0.0.1 by default: the catcher is for one machine. */
  host?: string;
  /** 2525 by default; 0 picks a free port (tests). */
  smtpPort?: number;
  /** The web inbox's port, 8025 by default; 0 picks a free port. */
  webPort?: number;
};

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:PORT`, for nodemailer's `createTransport` (the API's SMTP_URL). */
  smtpUrl: string;
  /** `http://127.0.0.1:PORT/`: the web inbox. */
  inboxUrl: string;
  /** Every mail kept, newest first. */
  messages(): CaughtMail[];
  /** The first mail (kept or still to come) the predicate accepts; rejects after `timeoutMs` (10 s by default). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

/** The most mails kept: the oldest go first, so a long `npm start` session cannot fill the memory. */
export const MAX_KEPT_MAILS = 500;
/** The largest mail accepted (bytes, announced with the SIZE extension). */
export const MAX_MAIL_BYTES = 5 * 1024 * 1024;
const DEFAULT_WAIT_MS = 10_000;

/** `Name <address>` for each parsed address (mailparser's own `text` keeps the header's quotes). */
function addressText(value: AddressObject | AddressObject[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const people = (Array.isArray(value) ? value : [value]).flatMap((item) => item.value);
  const text = people
    .map((person) =>
      person.name && person.address ? `${person.name} <${person.address}>` : (person.address ?? person.name),
    )
    .filter(Boolean)
    .join(", ");
  return text || undefined;
}

/** Listens on `port` (0: a free one) and answers the port bound. */
function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host);

/** Starts the SMTP server and its web inbox; both listen when the promise resolves. */
export async function startSmtpCatcher({
  host = "127.0.0.1",
  smtpPort = 2525,
  webPort = 8025,
}: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const kept: CaughtMail[] = []; // newest first
  const waiters = new Set<(mail: CaughtMail) => void>();

  const smtp = new SMTPServer({
    // No STARTTLS: without a trusted certificate a client that upgrades (nodemailer does when it is offered) would
    // refuse the catcher's self-signed one. Plain SMTP on a local port is the point of a catcher.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    // An SMTP_URL with a user and password (as for a real provider) must work against the catcher too.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "local" }),
    size: MAX_MAIL_BYTES,
    logger: false,
    banner: "Fundament local SMTP catcher: mails are kept, never delivered",
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(Object.assign(new Error("The message is too large"), { responseCode: 552 }));
            return;
          }
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const mail: CaughtMail = {
            id: randomUUID(),
            from: addressText(parsed.from) ?? envelopeFrom,
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            ...(typeof parsed.html === "string" && { html: parsed.html }),
            date: new Date().toISOString(),
          };
          kept.unshift(mail);
          kept.length = Math.min(kept.length, MAX_KEPT_MAILS);
          for (const waiter of [...waiters]) waiter(mail);
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error("The message could not be read")),
        );
    },
  });
  // A client that drops its connection mid-mail is the client's problem, never the catcher's end.
  smtp.on("error", () => undefined);

  const web = createServer((request, response) => {
    try {
      answer(request, response);
    } catch {
      send(response, 500, "text/plain; charset=utf-8", "The inbox could not answer this request");
    }
  });

  function answer(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? "/", "http://inbox.local");
    if (url.pathname === "/api/messages") {
      if (request.method === "DELETE") {
        kept.length = 0;
        response.writeHead(204, { "access-control-allow-origin": "*" }).end();
        return;
      }
      if (request.method === "GET" || request.method === "HEAD") {
        const to = url.searchParams.get("to")?.trim().toLowerCase();
        const list = to ? kept.filter((mail) => mail.to.includes(to)) : kept;
        // Any local page or test may read the catcher's JSON (it only ever holds local test mails).
        response.setHeader("access-control-allow-origin", "*");
        send(response, 200, "application/json; charset=utf-8", JSON.stringify(list));
        return;
      }
      if (request.method === "OPTIONS") {
        response
          .writeHead(204, {
            "access-control-allow-origin": "*",
            "access-control-allow-methods": "GET, DELETE, OPTIONS",
          })
          .end();
        return;
      }
      send(response, 405, "text/plain; charset=utf-8", "Use GET or DELETE", { allow: "GET, DELETE, OPTIONS" });
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      send(response, 405, "text/plain; charset=utf-8", "Use GET", { allow: "GET" });
      return;
    }
    if (url.pathname === "/") {
      send(response, 200, "text/html; charset=utf-8", inboxPage(kept), { "content-security-policy": INBOX_CSP });
      return;
    }
    if (url.pathname === "/inbox.js") {
      send(response, 200, "text/javascript; charset=utf-8", INBOX_SCRIPT);
      return;
    }
    send(response, 404, "text/plain; charset=utf-8", "Not found");
  }

  const boundSmtpPort = await listen(smtp.server, smtpPort, host);
  let boundWebPort: number;
  try {
    boundWebPort = await listen(web, webPort, host);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  return {
    smtpUrl: `smtp://${urlHost(host)}:${boundSmtpPort}`,
    inboxUrl: `http://${urlHost(host)}:${boundWebPort}/`,
    messages: () => [...kept],
    waitFor(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      const found = kept.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]);
    },
  };
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "content-type": type,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  response.end(body);
}
