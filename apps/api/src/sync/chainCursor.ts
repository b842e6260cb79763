/** What a chain index was built from: when any of it changes, the index starts over. */
export type ChainIdentity = {
  chainId: number;
  /** The genesis block's hash: a new local chain (anvil restarted) has a new one under the same chain id. */
  genesis: string;
  fund: string;
  token: string | null;
  deploymentBlock: string;
  /**
   * What the index covers (e.g. every transfer and native transfers, and the DEX router whose payouts it records);
   * absent on cursors of the fund-token-only index, which therefore start over once.
   */
  scope?: string;
};

/** The stored cursor of a chain job (`sync_state.cursor`, as JSON): the last indexed block, its hash, the identity. */
export type ChainCursor = { block: string; hash: string | null; identity: ChainIdentity };

/**
 * A stored chain cursor, or undefined when there is none or it is of the older format (a bare block number,
 * with no identity: the index starts over once).
 */
export function parseChainCursor(text: string | null): ChainCursor | undefined {
  if (!text?.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(text) as Partial<ChainCursor>;
    if (typeof value.block !== "string" || !/^-?\d+$/.test(value.block) || typeof value.identity !== "object") {
      return undefined;
    }
    return { block: value.block, hash: typeof value.hash === "string" ? value.hash : null, identity: value.identity };
  } catch {
    return undefined;
  }
}

/** The last indexed block of a chain job's cursor (either format), for display; null when none. */
export function chainCursorBlock(text: string | null): string | null {
  if (text === null) return null;
  const parsed = parseChainCursor(text);
  return parsed ? parsed.block : text;
}

export function sameIdentity(a: ChainIdentity, b: ChainIdentity): boolean {
  return (
    a.chainId === b.chainId &&
    a.genesis === b.genesis &&
    a.fund === b.fund &&
    a.token === b.token &&
    a.deploymentBlock === b.deploymentBlock &&
    a.scope === b.scope
  );
}
