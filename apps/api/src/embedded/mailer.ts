import nodemailer from "nodemailer";

/** One mail: plain text and a simple HTML version. */
export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Sends one mail; rejects when the SMTP server refuses it or does not answer in time. */
  send(mail: Mail): Promise<void>;
  close(): void;
};

/**
 * Mails through nodemailer to SMTP_URL: any SMTP server (smtp:// with STARTTLS when offered, smtps:// for TLS,
 * credentials in the URL), the local catcher by default. One pooled transport per app; timeouts keep a dead
 * server from holding a request.
 */
export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
