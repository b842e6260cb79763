import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { address as btcAddress, networks, Transaction } from "bitcoinjs-lib";

/** An unspent or spent output the stand-in keeps. */
type Output = { txid: string; vout: number; value: bigint; address: string; confirmed: boolean; spent: boolean };

/** A running stand-in of an Esplora balance API. */
export type BitcoinBalanceServer = {
  /** Base URL (no trailing slash), e.g. `http://127.0.0.1:40123`: pass it as `bitcoin.balanceApiUrl`. */
  url: string;
  /** Credits `sats` to an address as a confirmed output; returns its (made-up) txid. */
  fund(address: string, sats: bigint): string;
  /** Confirmed + mempool balance of an address, in satoshis. */
  balanceOf(address: string): bigint;
  /** Transactions accepted through `POST /tx`, by txid. */
  transactions: Map<string, Transaction>;
  /** true: every request answers 503 (the API is down). */
  setFailing(failing: boolean): void;
  /** Paths asked, for assertions. */
  requests: string[];
  stop(): Promise<void>;
};

const NETWORKS = { mainnet: networks.bitcoin, testnet: networks.testnet, regtest: networks.regtest } as const;

/**
 * A stand-in of an Esplora-style bitcoin API for tests: `GET /address/:address` → `{ chain_stats, mempool_stats }`
 * (`funded_txo_sum` / `spent_txo_sum` in sats), `GET /address/:address/utxo`, and `POST /tx` (raw transaction hex →
 * txid) that spends known outputs and credits the new ones to the mempool. It checks that inputs exist and are unspent
 * and that outputs do not exceed inputs; it does not verify scripts or signatures. CORS is open (happy-dom / browsers).
 */
export async function startBitcoinBalanceServer(
  options: { network?: keyof typeof NETWORKS; port?: number } = {},
): Promise<BitcoinBalanceServer> {
  const network = NETWORKS[options.network ?? "regtest"];
  const outputs = new Map<string, Output>();
  const transactions = new Map<string, Transaction>();
  const requests: string[] = [];
  let failing = false;

  const stats = (address: string, confirmed: boolean) => {
    let funded = 0n;
    let spent = 0n;
    for (const o of outputs.values()) {
      if (o.address !== address) continue;
      if (o.confirmed === confirmed) funded += o.value;
      // A spend is in the mempool (the stand-in never mines).
      if (o.spent && !confirmed) spent += o.value;
    }
    return {
      funded_txo_count: 0,
      funded_txo_sum: Number(funded),
      spent_txo_count: 0,
      spent_txo_sum: Number(spent),
      tx_count: 0,
    };
  };
  const balanceOf = (address: string) => {
    const c = stats(address, true);
    const m = stats(address, false);
    return BigInt(c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum);
  };
  const send = (res: ServerResponse, status: number, body: unknown, type = "application/json") => {
    res.statusCode = status;
    res.setHeader("content-type", type);
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const acceptTransaction = (hex: string): { txid: string } | { error: string } => {
    let tx: Transaction;
    try {
      tx = Transaction.fromHex(hex.trim());
    } catch {
      return { error: "TX decode failed" };
    }
    let inputs = 0n;
    const spending: Output[] = [];
    for (const input of tx.ins) {
      const txid = Buffer.from(input.hash).reverse().toString("hex");
      const o = outputs.get(`${txid}:${input.index}`);
      if (!o || o.spent) return { error: "bad-txns-inputs-missingorspent" };
      inputs += o.value;
      spending.push(o);
    }
    const outSum = tx.outs.reduce((n, o) => n + BigInt(o.value), 0n);
    if (outSum > inputs) return { error: "bad-txns-in-belowout" };
    const txid = tx.getId();
    for (const o of spending) o.spent = true;
    tx.outs.forEach((o, vout) => {
      let to: string;
      try {
        to = btcAddress.fromOutputScript(o.script, network);
      } catch {
        return;
      }
      outputs.set(`${txid}:${vout}`, {
        txid,
        vout,
        value: BigInt(o.value),
        address: to,
        confirmed: false,
        spent: false,
      });
    });
    transactions.set(txid, tx);
    return { txid };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      res.setHeader("access-control-allow-origin", "*");
      res.setHeader("access-control-allow-headers", "content-type");
      if (req.method === "OPTIONS") return send(res, 204, "");
      const path = new URL(req.url ?? "/", "http://x").pathname;
      requests.push(`${req.method} ${path}`);
      if (failing) return send(res, 503, "Service Unavailable", "text/plain");
      const utxo = /^\/address\/([^/]+)\/utxo$/.exec(path);
      if (req.method === "GET" && utxo) {
        const address = decodeURIComponent(utxo[1] as string);
        return send(
          res,
          200,
          [...outputs.values()]
            .filter((o) => o.address === address && !o.spent)
            .map((o) => ({ txid: o.txid, vout: o.vout, value: Number(o.value), status: { confirmed: o.confirmed } })),
        );
      }
      const addr = /^\/address\/([^/]+)$/.exec(path);
      if (req.method === "GET" && addr) {
        const address = decodeURIComponent(addr[1] as string);
        try {
          btcAddress.toOutputScript(address, network);
        } catch {
          return send(res, 400, "Invalid Bitcoin address", "text/plain");
        }
        return send(res, 200, { address, chain_stats: stats(address, true), mempool_stats: stats(address, false) });
      }
      if (req.method === "POST" && path === "/tx") {
        const result = acceptTransaction(body);
        return "txid" in result
          ? send(res, 200, result.txid, "text/plain")
          : send(res, 400, result.error, "text/plain");
      }
      send(res, 404, "Not Found", "text/plain");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fund(address, sats) {
      const txid = randomBytes(32).toString("hex");
      outputs.set(`${txid}:0`, { txid, vout: 0, value: sats, address, confirmed: true, spent: false });
      return txid;
    },
    balanceOf,
    transactions,
    setFailing(next) {
      failing = next;
    },
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
