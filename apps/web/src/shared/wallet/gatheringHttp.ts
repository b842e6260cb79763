import { type EIP1193RequestFn, type HttpTransportConfig, http, type Transport } from "viem";

export type GatheringHttpParameters = {
  /** Send the gathered requests once none has come for this long (ms). */
  quietMs: number;
  /** …but never later than this after the first of them (ms). */
  maxWaitMs: number;
  /**
   * Whether the app has started its first view's reads (its page shown, the wallet reconnected): until then, gathered
   * requests wait (the page's code may still be loading), at most `firstViewMaxWaitMs` after the first of them.
   * Always ready when omitted.
   */
  ready?: (() => boolean) | undefined;
  firstViewMaxWaitMs?: number | undefined;
  /**
   * How many batches make the first view (its first reads, and the reads that need their answers): until they are
   * sent, a request that comes while a batch is out waits for its answer and goes with the reads that follow from it.
   * None by default.
   */
  firstViewStages?: number | undefined;
  /** Where contract code already read is kept between visits (`localStorage` in the browser; none in tests). */
  codeStorage?: Pick<Storage, "getItem" | "setItem"> | undefined;
  /**
   * The contracts whose code is kept between visits (the deployment's own: the account factory, the fund…). Any other
   * code (a smart account's) is kept for this visit only: a local chain started again may not hold it any more.
   */
  storedCodeOf?: readonly string[] | undefined;
  /** viem's `http` options (the JSON-RPC batching is this transport's own). */
  http?: Omit<HttpTransportConfig, "batch"> | undefined;
};

/** Gathers request starts, then starts them all in one tick. */
type Gatherer = { schedule: (start: () => Promise<unknown>) => void };

/** Where the contract code read from an RPC is kept: `${rpcUrl} ${address}` → code. */
const CODE_STORAGE_KEY = "fundament.rpc.code";

/**
 * viem's `http` transport, whose JSON-RPC requests are gathered until they stop coming (`quietMs` without a new one,
 * at most `maxWaitMs` after the first) and then sent as one HTTP request (a JSON-RPC batch). A page's first reads
 * start at different moments (the wallet reconnects, the page's code and the header's load on their own), and the
 * reads that follow them start together when the first answer comes: gathered so, each stage of a page's reads is
 * one HTTP request, where a fixed window from the first request would split a stage whose reads start a little apart.
 *
 * Contract code (`eth_getCode` at the latest block) that is not empty is kept, in memory and in `codeStorage`, and not
 * asked again: a contract's code does not change (since EIP-6780 it cannot be removed but in the transaction that
 * created it). An empty answer (no contract yet, e.g. a smart account before its first user operation) is asked
 * every time.
 */
export function gatheringHttp(url: string, parameters: GatheringHttpParameters): Transport {
  const base = http(url, { ...parameters.http, batch: true });
  const gatherer = createGatherer(parameters);
  const codes = createCodeCache(url, parameters.codeStorage, parameters.storedCodeOf ?? []);
  return (options) => {
    const transport = base(options);
    const request = transport.request as EIP1193RequestFn;
    const gathered = ((args, requestOptions) => {
      const known = codes.lookup(args);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise<unknown>((resolve, reject) => {
        gatherer.schedule(() =>
          request(args, requestOptions).then((result: unknown) => {
            codes.remember(args, result);
            resolve(result);
          }, reject),
        );
      });
    }) as EIP1193RequestFn;
    return { ...transport, request: gathered };
  };
}

/**
 * Collects request starts and runs them in one tick once `quietMs` passed without a new one and the app is `ready`
 * (or `maxWaitMs` after the first, `firstViewMaxWaitMs` during the first view): viem's batching then puts every request
 * started in that tick into one JSON-RPC batch. During the first view (its first `firstViewStages` batches once
 * ready), a request that comes while a batch is out waits for its answer and goes with the reads that follow from it.
 */
function createGatherer({
  quietMs,
  maxWaitMs,
  ready = () => true,
  firstViewMaxWaitMs = maxWaitMs,
  firstViewStages: stages = 0,
}: Pick<
  GatheringHttpParameters,
  "quietMs" | "maxWaitMs" | "ready" | "firstViewMaxWaitMs" | "firstViewStages"
>): Gatherer {
  let starts: Array<() => Promise<unknown>> = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let firstViewStages = stages;
  let inFlight = 0;
  const firstView = () => !ready() || firstViewStages > 0;
  const whenQuiet = () => {
    if (ready() && (firstViewStages === 0 || inFlight === 0)) flush();
    else quiet = setTimeout(whenQuiet, quietMs);
  };
  const flush = () => {
    clearTimeout(quiet);
    clearTimeout(deadline);
    quiet = undefined;
    deadline = undefined;
    const due = starts;
    starts = [];
    if (due.length === 0) return;
    if (ready() && firstViewStages > 0) firstViewStages--;
    inFlight++;
    void Promise.allSettled(due.map((start) => start())).then(() => {
      inFlight--;
    });
  };
  return {
    schedule(start) {
      starts.push(start);
      clearTimeout(quiet);
      quiet = setTimeout(whenQuiet, quietMs);
      deadline ??= setTimeout(flush, firstView() ? firstViewMaxWaitMs : maxWaitMs);
    },
  };
}

type RequestArgs = Parameters<EIP1193RequestFn>[0];

/** The contract code kept for `rpcUrl`: looked up before asking, remembered when the answer is a contract. */
function createCodeCache(
  rpcUrl: string,
  storage: GatheringHttpParameters["codeStorage"],
  storedCodeOf: readonly string[],
) {
  const keyFor = (address: string) => `${rpcUrl} ${address.toLowerCase()}`;
  const storable = new Set(storedCodeOf.map(keyFor));
  const stored = Object.entries(readStoredCodes(storage)).filter(([key]) => storable.has(key));
  const codes = new Map<string, string>(stored);
  const keyOf = (args: RequestArgs): string | undefined => {
    if (args.method !== "eth_getCode" || !Array.isArray(args.params)) return undefined;
    const [address, block] = args.params as [unknown, unknown];
    if (typeof address !== "string" || (block !== undefined && block !== "latest")) return undefined;
    return keyFor(address);
  };
  return {
    lookup(args: RequestArgs): string | undefined {
      const key = keyOf(args);
      return key === undefined ? undefined : codes.get(key);
    },
    remember(args: RequestArgs, result: unknown) {
      const key = keyOf(args);
      if (key === undefined || typeof result !== "string" || result === "0x" || result === "") return;
      codes.set(key, result);
      if (storable.has(key)) writeStoredCodes(storage, new Map([...codes].filter(([k]) => storable.has(k))));
    },
  };
}

function readStoredCodes(storage: GatheringHttpParameters["codeStorage"]): Record<string, string> {
  try {
    const stored = JSON.parse(storage?.getItem(CODE_STORAGE_KEY) ?? "{}") as unknown;
    return stored && typeof stored === "object" ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeStoredCodes(storage: GatheringHttpParameters["codeStorage"], codes: Map<string, string>): void {
  try {
    storage?.setItem(CODE_STORAGE_KEY, JSON.stringify(Object.fromEntries(codes)));
  } catch {
    // Storage full or refused (private mode): the code is kept in memory for this visit.
  }
}
