/** A signed-in session. */
export type SiwxSession = { address: string; chainId: number };

/**
 * Where sign-in sessions live. The default is the app's API (`createApiSiwxAdapter`); an app can pass its own.
 */
export type SiwxAdapter = {
  /** A fresh single-use nonce. */
  getNonce(): Promise<string>;
  /** Verifies the signed message and starts the session. Throws on refusal. */
  verify(parameters: { message: string; signature: `0x${string}` }): Promise<SiwxSession>;
  /** The current session, or null. */
  getSession(): Promise<SiwxSession | null>;
  signOut(): Promise<void>;
};
